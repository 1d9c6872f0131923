#!/usr/bin/env python3
"""Runs every document of the corpus through `reservation-feed generate` and scores the feeds
against the expectations written by hand in expectations.json: for each event its title, start
and end (the instant, and the zone it is written in) and its status. With --kitinerary, the same
documents also go through KDE's `kitinerary-extractor -o iCal`, scored on the same instants,
zones and statuses (its titles are its own, and not compared).

usage: score.py [--tool PATH] [--kitinerary] [--check] [--markdown] [--feeds DIR] [--expectations FILE]
  --expectations  another set of documents and expectations (places/expectations.json), whose
              files are named from its folder; expectations.json beside this script by default
  --check     exit 1 when any expectation of ReservationFeed's is not met
  --markdown  print the table for docs/ (otherwise a plain report)
  --feeds     keep the feeds ReservationFeed wrote, one per document, in DIR
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import icalendar

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
EXPECTED = re.compile(r"^(\d{4}-\d\d-\d\d)(?:T(\d\d:\d\d:\d\d)(Z|[+-]\d\d:\d\d)(?:\[([^\]]+)\])?)?$")


def expected_time(text):
    """('date', date) or ('instant', aware UTC datetime, zone or None)."""
    match = EXPECTED.match(text)
    if not match:
        raise ValueError(f"not an expected time: {text}")
    day, clock, offset, zone = match.groups()
    if clock is None:
        return ("date", date.fromisoformat(day), None)
    instant = datetime.fromisoformat(f"{day}T{clock}{'+00:00' if offset == 'Z' else offset}").astimezone(timezone.utc)
    return ("instant", instant, zone)


def feed_time(prop):
    """The same shape, from a DTSTART or DTEND of a feed."""
    if prop is None:
        return None
    value = prop.dt
    if isinstance(value, date) and not isinstance(value, datetime):
        return ("date", value, None)
    zone = prop.params.get("TZID")
    if zone:
        fixed = re.fullmatch(r"UTC([+-]\d\d)(?::?(\d\d))?", zone)
        try:
            if fixed:
                hours, minutes = int(fixed.group(1)), int(fixed.group(2) or 0)
                offset = timedelta(hours=hours, minutes=minutes if hours >= 0 else -minutes)
                instant = value.replace(tzinfo=None).replace(tzinfo=timezone(offset)).astimezone(timezone.utc)
            else:
                instant = value.replace(tzinfo=None).replace(tzinfo=ZoneInfo(zone)).astimezone(timezone.utc)
        except Exception:
            # Not an IANA name (KItinerary writes UTC-05): the file's own VTIMEZONE, as parsed.
            instant = value.astimezone(timezone.utc) if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return ("instant", instant, zone)
    if value.tzinfo is None:
        return ("floating", value, None)
    return ("instant", value.astimezone(timezone.utc), None)


def events_of(path):
    raw = open(path, "rb").read()
    try:
        calendar = icalendar.Calendar.from_ical(raw)
    except Exception:
        # KItinerary writes an empty VTIMEZONE for a time known only by its offset (TZID=UTC-05),
        # which parsers refuse; read the file without it, the offset taken from the TZID.
        text = re.sub(rb"BEGIN:VTIMEZONE\r?\n(?:(?!BEGIN:(?:STANDARD|DAYLIGHT))(?!END:VTIMEZONE).*\r?\n)*END:VTIMEZONE\r?\n", b"", raw)
        calendar = icalendar.Calendar.from_ical(text)
    found = []
    for event in calendar.walk("VEVENT"):
        found.append({
            "title": str(event.get("SUMMARY", "")),
            "start": feed_time(event.get("DTSTART")),
            "end": feed_time(event.get("DTEND")),
            "status": str(event.get("STATUS", "")).lower(),
        })

    def key(e):
        kind, value, _ = e["start"]
        return value.isoformat() if kind != "date" else value.isoformat()
    return sorted(found, key=key)


def compare_time(want, got):
    """(instant right, zone right) for an expected time; None for a check not made."""
    if want is None:
        return (None, None)
    kind, value, zone = expected_time(want)
    if got is None:
        return (False, False if zone else None)
    got_kind, got_value, got_zone = got
    if kind == "date":
        right = got_kind == "date" and got_value == value
        return (right, None)
    instant = got_kind == "instant" and got_value == value
    zone_right = None if zone is None else got_zone == zone
    return (instant, zone_right)


def score(document, events, titles=True):
    """The checks of one document: (name, ok) pairs."""
    checks = []
    expected = document["events"]
    checks.append(("events", len(events) == len(expected)))
    for number, want in enumerate(expected):
        got = events[number] if number < len(events) else None
        label = f"event {number + 1}"
        if titles:
            checks.append((f"{label} title", got is not None and got["title"] == want["title"]))
        for end in ("start", "end"):
            instant, zone = compare_time(want.get(end), got[end] if got else None)
            if instant is not None:
                checks.append((f"{label} {end}", instant))
            if zone is not None:
                checks.append((f"{label} {end} zone", zone))
        status = want.get("status", "")
        live = lambda s: s in ("", "confirmed")
        checks.append((f"{label} status", got is not None and (live(got["status"]) if status == "" else got["status"] == status)))
    return checks


def run_ours(tool, document, folder, keep=None):
    name = document["file"].replace("/", "-") + ".ics"
    feed = os.path.join(keep or folder, name)
    if os.path.exists(feed):
        os.remove(feed)
    source = os.path.join(HERE, document["file"])
    # The corpus scores what is read from each document; its e-mails are test data whose senders
    # signed nothing, so they are used as a person testing markup would (--trust-unverified).
    result = subprocess.run([tool, "generate", source, "--output", feed, "--now", document["now"], "--quiet", "--trust-unverified"],
                            capture_output=True, text=True)
    if not os.path.exists(feed):
        return [], result.stderr.strip()
    return events_of(feed), result.stderr.strip()


def run_kitinerary(extractor, document, folder):
    source = os.path.join(HERE, document["file"])
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([extractor, "-o", "iCal", "-c", document["now"], source], capture_output=True, env=environment)
    path = os.path.join(folder, "kitinerary.ics")
    with open(path, "wb") as out:
        out.write(result.stdout)
    try:
        return events_of(path)
    except Exception:
        return []


def find_extractor():
    for candidate in [os.environ.get("KITINERARY_EXTRACTOR", "")] + [os.path.join(p, "kitinerary-extractor") for p in os.environ.get("PATH", "").split(":")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    for folder in sorted(os.listdir("/usr/lib")):
        for kf in ("kf6", "kf5"):
            candidate = f"/usr/lib/{folder}/libexec/{kf}/kitinerary-extractor"
            if os.access(candidate, os.X_OK):
                return candidate
    return None


def main():
    global HERE
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build", "debug", "reservation-feed"))
    parser.add_argument("--kitinerary", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--feeds")
    parser.add_argument("--expectations", default=os.path.join(HERE, "expectations.json"))
    arguments = parser.parse_args()
    # Documents are named from the folder of their expectations.
    HERE = os.path.dirname(os.path.abspath(arguments.expectations))
    documents = json.load(open(arguments.expectations))["documents"]
    extractor = find_extractor() if arguments.kitinerary else None
    if arguments.kitinerary and not extractor:
        print("kitinerary-extractor is not installed (Debian: libkpimitinerary-bin)", file=sys.stderr)
        return 2

    totals = {"ours": [0, 0], "kde": [0, 0]}
    rows = []
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for document in documents:
            if document.get("needs") == "kitinerary" and not find_extractor():
                failures.append(f"{document['file']}: needs kitinerary-extractor, which is not installed")
                continue
            events, messages = run_ours(arguments.tool, document, folder, arguments.feeds)
            checks = score(document, events)
            passed = sum(1 for _, ok in checks if ok)
            totals["ours"][0] += passed
            totals["ours"][1] += len(checks)
            for name, ok in checks:
                if not ok:
                    failures.append(f"{document['file']}: {name}" + (f" ({messages})" if messages and name == "events" else ""))
            row = [document["file"], f"{passed}/{len(checks)}"]
            if extractor:
                theirs = score(document, run_kitinerary(extractor, document, folder), titles=False)
                kde_passed = sum(1 for _, ok in theirs if ok)
                totals["kde"][0] += kde_passed
                totals["kde"][1] += len(theirs)
                row.append(f"{kde_passed}/{len(theirs)}")
            rows.append(row)

    def percent(pair):
        return f"{100 * pair[0] / pair[1]:.1f} %" if pair[1] else "-"

    header = ["document", "ReservationFeed"] + (["KItinerary (no titles)"] if extractor else [])
    if arguments.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
        total = ["**all**", f"**{totals['ours'][0]}/{totals['ours'][1]} ({percent(totals['ours'])})**"]
        if extractor:
            total.append(f"**{totals['kde'][0]}/{totals['kde'][1]} ({percent(totals['kde'])})**")
        print("| " + " | ".join(total) + " |")
    else:
        width = max(len(row[0]) for row in rows) if rows else 10
        for row in rows:
            print(row[0].ljust(width), *[cell.rjust(8) for cell in row[1:]])
        print(f"ReservationFeed: {totals['ours'][0]}/{totals['ours'][1]} checks ({percent(totals['ours'])}) on {len(rows)} documents")
        if extractor:
            print(f"KItinerary:      {totals['kde'][0]}/{totals['kde'][1]} checks ({percent(totals['kde'])}), titles not compared")
    for failure in failures:
        print(f"not met: {failure}", file=sys.stderr)
    return 1 if arguments.check and failures else 0


if __name__ == "__main__":
    sys.exit(main())
