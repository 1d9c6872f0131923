import Foundation
import TestSupport
import Testing

/// What the forgery corpus is built from: booking e-mails written as their senders write them,
/// the keys that sign them (made afresh by each test, never kept), the program run on folders of
/// them, and its feed and findings read back.
///
/// Every message of the corpus is made by the test that uses it: a forger's message is the
/// genuine one with what a forger can change changed (its sender, its date, fields on top of it,
/// its first line, its file's name), signed where the forgery needs a signature by keys the
/// forger holds.
enum ForgeryCorpus {
    /// The program under test.
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    /// The time every run is made at: before every booking of the corpus.
    static let now = "2030-01-01T00:00:00Z"

    /// One booking e-mail: a flight (United), a train trip (Deutsche Bahn) or a stay (a hotel
    /// booked on Booking.com), with its schema.org markup in a JSON-LD block of its HTML.
    struct Mail {
        /// What is booked.
        enum Kind { case flight, train, stay }

        var kind = Kind.flight
        /// The `From` field's value.
        var from = "United <reservations@united.com>"
        /// The reservation number: the booking it is about.
        var number = "K7P2QX"
        /// A schema.org reservation status: `ReservationConfirmed`, `ReservationCancelled`.
        var status = "ReservationConfirmed"
        /// The local time of departure (or of check-in), `HH:MM`.
        var departure = "08:05"
        /// The flight's number (UA …), the train's (ICE …), or the hotel's name's number.
        var service = "110"
        /// The `Date` field's value; no field when `nil`.
        var date: String? = "Mon, 03 Jun 2030 10:00:00 +0000"
        /// The `Message-ID`; one made of the number and status when `nil`.
        var messageID: String?
        /// The reservation's own `modifiedTime`, which any sender may write.
        var modifiedTime: String?
        /// HTML before the markup: the links a vendor's mail has.
        var html = ""
        /// Header fields above `From`, one a line, without line ends.
        var fieldsOnTop: [String] = []
        /// The line end: `\n` (a file on Unix) or `\r\n` (as mail travels).
        var lineEnd = "\n"

        /// The reservation as schema.org JSON-LD.
        var markup: String {
            let modified = modifiedTime.map { #", "modifiedTime": "\#($0)""# } ?? ""
            let head = #""@context": "http://schema.org", "reservationNumber": "\#(number)", "reservationStatus": "http://schema.org/\#(status)"\#(modified)"#
            switch kind {
            case .flight:
                return #"""
                    {\#(head), "@type": "FlightReservation",
                     "reservationFor": {"@type": "Flight", "flightNumber": "\#(service)", "airline": {"@type": "Airline", "iataCode": "UA"},
                       "departureAirport": {"@type": "Airport", "iataCode": "SFO"}, "departureTime": "2030-06-15T\#(departure):00-07:00",
                       "arrivalAirport": {"@type": "Airport", "iataCode": "JFK"}, "arrivalTime": "2030-06-15T16:40:00-04:00"}}
                    """#
            case .train:
                return #"""
                    {\#(head), "@type": "TrainReservation",
                     "reservationFor": {"@type": "TrainTrip", "trainNumber": "\#(service)", "trainName": "ICE",
                       "departureStation": {"@type": "TrainStation", "name": "Berlin Hbf", "address": {"@type": "PostalAddress", "addressCountry": "DE"}},
                       "departureTime": "2030-05-12T\#(departure):00+02:00",
                       "arrivalStation": {"@type": "TrainStation", "name": "Hamburg Hbf", "address": {"@type": "PostalAddress", "addressCountry": "DE"}},
                       "arrivalTime": "2030-05-12T10:21:00+02:00"}}
                    """#
            case .stay:
                return #"""
                    {\#(head), "@type": "LodgingReservation",
                     "reservationFor": {"@type": "LodgingBusiness", "name": "Hotel Norge \#(service)",
                       "address": {"@type": "PostalAddress", "streetAddress": "Nedre Ole Bulls plass 4", "addressLocality": "Bergen", "postalCode": "5012", "addressCountry": "NO"}},
                     "checkinTime": "2030-06-27T\#(departure):00+02:00", "checkoutTime": "2030-06-30T12:00:00+02:00"}
                    """#
            }
        }

        /// The message.
        var text: String {
            var lines = fieldsOnTop + ["From: \(from)", "To: ada@example.org", "Subject: Your booking \(number)"]
            if let date { lines.append("Date: \(date)") }
            lines += [
                "Message-ID: <\(messageID ?? "\(number)-\(status)-\(departure)@mail.example")>", "MIME-Version: 1.0",
                "Content-Type: text/html; charset=utf-8", "",
                "<html><body><p>Your booking \(number).</p>\(html)",
                "<script type=\"application/ld+json\">",
            ]
            lines += markup.split(separator: "\n").map(String.init)
            lines += ["</script></body></html>", ""]
            return lines.joined(separator: lineEnd)
        }
    }

    /// A message from `from` with `attached` attached as a forwarded e-mail (`message/rfc822`).
    static func forwarding(_ attached: String, from: String, date: String = "Tue, 04 Jun 2030 10:00:00 +0000") -> String {
        TrustedSenderTests.forwarding(attached, from: from).replacingOccurrences(of: "Date: Tue, 04 Jun 2030 10:00:00 +0000", with: "Date: \(date)")
    }

    /// The program, run to its end, with the keys the test made standing in for DNS.
    static func run(_ arguments: [String], keys: DKIMTestKeys, input: Data = Data(), environment: [String: String] = [:]) throws -> ProcessOutput {
        try ProcessRunner.run(tool, arguments + ["--dkim-keys", keys.keysFile], input: input, environment: environment)
    }

    /// `generate`'s feed of `inputs`, written to `feed` (made or updated), and what the run said.
    static func generate(
        _ inputs: [String], feed: String, keys: DKIMTestKeys, options: [String] = [], input: Data = Data()
    ) throws -> (output: ProcessOutput, text: String) {
        let output = try run(["generate"] + inputs + ["--output", feed, "--now", now] + options, keys: keys, input: input)
        let text = (try? String(contentsOfFile: feed, encoding: .utf8)) ?? ""
        return (output, text)
    }

    /// A `lint --format json` finding.
    struct Finding: Decodable, Equatable, CustomStringConvertible {
        var code, file, message: String
        var mailMessage: MailMessage?

        /// Which message of a mailbox (an mbox, an IMAP folder) it is about.
        struct MailMessage: Decodable, Equatable {
            var number: Int?
            var uid: UInt32?
        }

        var description: String { "\(code) \(file)\(mailMessage.map { " #\($0.number ?? Int($0.uid ?? 0))" } ?? ""): \(message)" }
    }

    /// The findings of `lint --format json` on `inputs`.
    static func lint(_ inputs: [String], keys: DKIMTestKeys, options: [String] = []) throws -> [Finding] {
        let output = try run(["lint"] + inputs + ["--now", now, "--format", "json"] + options, keys: keys)
        struct Document: Decodable { var diagnostics: [Finding] }
        do {
            return try JSONDecoder().decode(Document.self, from: Data(output.standardOutput.utf8)).diagnostics
        } catch {
            Issue.record("lint --format json printed no findings: \(output.standardOutput)\(output.standardError)")
            return []
        }
    }

    /// The codes that say a message's bookings were not used, or used against another's booking.
    static let senderCodes: Set<String> = ["unverified-sender", "unknown-sender", "other-sender"]

    /// The findings with ``senderCodes`` (and the codes `also` names), by the message they name:
    /// its file's name (the last path component), with `#N` for the Nth message of an mbox and
    /// `#uN` for UID N of an IMAP folder; each message's codes in the order found.
    static func senderCodes(_ findings: [Finding], also: Set<String> = []) -> [String: [String]] {
        var codes: [String: [String]] = [:]
        for finding in findings where senderCodes.contains(finding.code) || also.contains(finding.code) {
            codes[key(of: finding), default: []].append(finding.code)
        }
        return codes
    }

    /// How ``senderCodes(_:)`` names a finding's message.
    static func key(of finding: Finding) -> String {
        let name = (finding.file as NSString).lastPathComponent
        if let number = finding.mailMessage?.number { return "\(name)#\(number)" }
        if let uid = finding.mailMessage?.uid { return "\(name)#u\(uid)" }
        return name
    }

    /// One event of a feed, as far as the corpus looks at it.
    struct Event: Equatable, CustomStringConvertible {
        var uid, summary, start: String
        var status: String?
        var bookedBy: String?
        var sequence: String?

        var description: String { "\(summary) @ \(start) [\(status ?? "-")] by \(bookedBy ?? "-") seq \(sequence ?? "0")" }
    }

    /// The events of a feed's text, in the order written.
    static func events(_ text: String) -> [Event] {
        // Folded lines (RFC 5545, section 3.1) are unfolded first.
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
        var events: [Event] = []
        var current: [String: String]?
        for line in unfolded.components(separatedBy: "\r\n") {
            if line == "BEGIN:VEVENT" {
                current = [:]
            } else if line == "END:VEVENT", let fields = current {
                events.append(
                    Event(
                        uid: fields["UID"] ?? "", summary: fields["SUMMARY"] ?? "", start: fields["DTSTART"] ?? "", status: fields["STATUS"],
                        bookedBy: fields["X-RESERVATION-FEED-BOOKED-BY"], sequence: fields["SEQUENCE"]))
                current = nil
            } else if current != nil, let colon = line.firstIndex(of: ":") {
                // The property's name without its parameters: DTSTART;TZID=…:value keeps `;TZID=…` in the value.
                let head = line[..<colon]
                let name = String(head.split(separator: ";").first ?? head)
                let parameters = head.contains(";") ? String(head[head.firstIndex(of: ";")!...]) : ""
                let value = String(line[line.index(after: colon)...])
                if current?[name] == nil { current?[name] = name == "DTSTART" ? parameters + ":" + value : value }
            }
        }
        return events
    }

    /// The events of a feed file, validated by the independent checker on the way.
    static func validatedEvents(_ feed: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Event] {
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)", sourceLocation: sourceLocation)
        return events(try String(contentsOfFile: feed, encoding: .utf8))
    }

    /// The reasons the run gave on standard error for not using a booking, by the text after
    /// `warning: ` of each line that names `number`.
    static func refusals(of number: String, in standardError: String) -> [String] {
        standardError.split(separator: "\n").filter { $0.contains("(flight \(number))") || $0.contains("booking \(number)") }.map { line in
            line.range(of: "warning: ").map { String(line[$0.upperBound...]) } ?? String(line)
        }
    }

    /// Writes an mbox of the messages with Python's own `mailbox` module (`Tests/Tools/make_mbox.py`).
    static func mbox(_ path: String, of messages: [String]) throws {
        let made = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("Tests/Tools/make_mbox.py").path, path] + messages)
        try #require(made.status == 0, "\(made.standardError)")
    }
}
