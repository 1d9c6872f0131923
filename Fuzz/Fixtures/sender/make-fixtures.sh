#!/usr/bin/env bash
# Makes the genuine messages fuzz-sender starts from, signed by a key made for them alone whose
# private half is thrown away at the end (only keys.txt, the public key, is kept):
#
#   united.eml          signed without Date in h= (so its Date is unsigned), no l=
#   united-length.eml   signed with Date, and with l= covering the body (so text may follow it)
#
# Run once from anywhere; it overwrites the three files beside it. The fuzz target needs them to
# be signed by the key in keys.txt, so the three are replaced together.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/../../../Tests/Tools
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tools/python" "$tools/dkim_tool.py" newkey "$work/keys.txt" "$work/private" fuzz2030 united.com
message() {
  cat <<MAIL
From: United Airlines <reservations@united.com>
To: Ada Lovelace <ada@example.org>
Subject: Your trip confirmation K7P2QX - San Francisco to New York
Date: Mon, 03 Jun 2030 10:00:00 +0000
Message-ID: <K7P2QX.$1@united.com>
MIME-Version: 1.0
Content-Type: text/html; charset=utf-8

<html><body>
<p>Thank you for choosing United. Confirmation number: K7P2QX.</p>
<p><a href="https://www.united.com/checkin?pnr=K7P2QX">Check in</a></p>
<script type="application/ld+json">
{"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "K7P2QX",
 "reservationStatus": "http://schema.org/ReservationConfirmed",
 "underName": {"@type": "Person", "name": "Ada Lovelace"},
 "reservationFor": {"@type": "Flight", "flightNumber": "110", "airline": {"@type": "Airline", "iataCode": "UA", "name": "United"},
   "departureAirport": {"@type": "Airport", "iataCode": "SFO"}, "departureTime": "2030-06-15T08:05:00-07:00",
   "arrivalAirport": {"@type": "Airport", "iataCode": "JFK"}, "arrivalTime": "2030-06-15T16:40:00-04:00"}}
</script>
</body></html>
MAIL
}
message 1 | "$tools/python" "$tools/dkim_tool.py" sign "$work/private" fuzz2030 united.com \
  --headers from:to:subject:message-id:mime-version:content-type | tr -d '\r' > "$here/united.eml"
message 2 | "$tools/python" "$tools/dkim_tool.py" sign "$work/private" fuzz2030 united.com --length | tr -d '\r' > "$here/united-length.eml"
{
  echo "# The public key that signed united.eml and united-length.eml (make-fixtures.sh made it and threw"
  echo "# its private half away), in the format --dkim-keys and DKIMKeyFile read."
  cat "$work/keys.txt"
} > "$here/keys.txt"
