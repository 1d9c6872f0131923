import Foundation
import FuzzSupport
import ReservationFeed

// A genuine booking e-mail, signed by united.com, changed only where a forger can change it: header
// fields its signature does not cover (Received, Authentication-Results, a second From, X-
// fields, Content-Transfer-Encoding…), lines before it, text after its body when its signature
// covers only part of it (l=), an unsigned Date. Read as every e-mail is (its sender verified,
// mx.google.com's verdicts trusted), then made into the next version of the feed the genuine
// message made: every event must stay exactly as it was. A forgery that makes, moves, cancels or
// drops anything is reported as a crash.
//
// The forger's message arrives as mail does: under the field the receiving server writes on top
// of everything it delivers (`Delivered-To`), and it is read through both doors, as a file (a
// Maildir entry, its format told by its content) and as a message of a mailbox (an IMAP folder,
// an mbox), which is always an e-mail.
@main
enum FuzzSender {
    static func main() {
        _ = baselines
        FuzzRun.runDriver(test)
    }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        let bytes = FuzzRun.bytes(data, size)
        guard let choice = bytes.first else { return 0 }
        let baseline = baselines[Int(choice) % baselines.count]
        var message = baseline.message
        var mutations = Mutations(bytes.dropFirst())
        mutations.apply(to: &message, lengthTagged: baseline.isLengthTagged)
        let delivered = Array("Delivered-To: ada@example.org\n".utf8) + message.bytes
        check(delivered, against: baseline, door: .file)
        check(delivered, against: baseline, door: .mailbox)
        return 0
    }

    // MARK: - The genuine messages and their feeds

    /// Where the genuine messages and their key are: `Fuzz/Fixtures/sender`, found from this file.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sender")

    /// How messages are read: their senders verified with the fixtures' key, mx.google.com's word taken.
    static let importer: ReservationImporter = {
        let keys: DKIMKeyFile
        do {
            keys = try DKIMKeyFile(path: fixtures.appendingPathComponent("keys.txt").path)
        } catch {
            fatalError("the fixtures' key cannot be read: \(error)")
        }
        var importer = ReservationImporter(extraction: .none)
        importer.senders = SenderTrust(verifier: SenderVerifier(keys: keys), policy: SenderPolicy(trustedServers: ["mx.google.com"]))
        return importer
    }()

    /// The feed's options: an event whose booking the input no longer has is kept as it was, so
    /// that "kept" is the only change allowed.
    static let options: FeedOptions = {
        var options = FeedOptions()
        options.allowShrink = true
        options.missing = .keep
        return options
    }()

    /// A genuine message, and the feed it made.
    struct Baseline: Sendable {
        var message: Message
        var isLengthTagged: Bool
        var previous: PreviousFeed
        var text: String
    }

    /// `united.eml` (Date not signed) and `united-length.eml` (l=), each with its feed, which
    /// reading the message again must give byte for byte.
    static let baselines: [Baseline] = ["united.eml", "united-length.eml"].map { name in
        guard let data = FileManager.default.contents(atPath: fixtures.appendingPathComponent(name).path) else {
            fatalError("the fixture \(name) cannot be read from \(fixtures.path)")
        }
        let bytes = [UInt8](data)
        var result = importer.read(bytes, source: .file(name))
        _ = result.mergeBookings()
        guard result.reservations.count == 1, result.withheld.isEmpty, result.reservations[0].sender?.organization == "united.com" else {
            fatalError("\(name) is not one booking verified as united.com's: \(result.diagnostics)")
        }
        let text: String
        let previous: PreviousFeed
        do {
            text = try FeedBuilder(options: options, concurrency: 1).build(from: result.reservations, now: FuzzRun.now).feed.iCalendarText()
            previous = try PreviousFeed(iCalendar: text)
        } catch {
            fatalError("the feed of \(name) cannot be made: \(error)")
        }
        let message = Message(bytes)
        let baseline = Baseline(message: message, isLengthTagged: message.isLengthTagged, previous: previous, text: text)
        for door in [Door.file, .mailbox] where next(of: Array("Delivered-To: ada@example.org\n".utf8) + bytes, after: baseline, door: door) != text {
            fatalError("the genuine message \(name), delivered, does not give its own feed again through the \(door) door")
        }
        return baseline
    }

    /// How a message comes in: as a file (its format told by its content), or as a message of a
    /// mailbox (always an e-mail).
    enum Door { case file, mailbox }

    /// The feed made from a message as the next version of the baseline's.
    static func next(of bytes: [UInt8], after baseline: Baseline, door: Door = .file) -> String {
        var result =
            switch door {
            case .file: importer.read(bytes, source: .file("fuzz.eml"))
            case .mailbox: importer.readMessage(bytes, source: .message(MailboxMessage(mailbox: "fuzz.mbox", number: .ordinal(1))))
            }
        _ = result.mergeBookings()
        do {
            return try FeedBuilder(options: options, concurrency: 1).build(
                from: result.reservations, previous: baseline.previous, now: FuzzRun.now, withheld: result.withheld
            ).feed.iCalendarText()
        } catch {
            fatalError("the feed could not be made: \(error)")
        }
    }

    /// Traps unless the message leaves the feed exactly as the genuine one made it.
    static func check(_ bytes: [UInt8], against baseline: Baseline, door: Door) {
        let text = next(of: bytes, after: baseline, door: door)
        guard text != baseline.text else { return }
        let before = Set(baseline.text.components(separatedBy: "\r\n"))
        let after = Set(text.components(separatedBy: "\r\n"))
        let verdict = importer.senders.verdict(of: bytes)
        fatalError(
            """
            a message changed only where a forger can change it changed the feed, read through the \(door) door \
            (read as \(InputFormat.detect(bytes).map(\.name) ?? "nothing"); sender \(verdict)):
            lines gone: \(before.subtracting(after).sorted())
            lines new: \(after.subtracting(before).sorted())
            the message:
            \(String(decoding: bytes.prefix(4096), as: UTF8.self))
            """)
    }

    // MARK: - The message, as a forger may change it

    /// A message: lines before its header, its header fields (each with its folded lines), its body.
    struct Message: Sendable {
        var prefix: [[UInt8]] = []
        var fields: [[UInt8]]
        var body: [UInt8]
        /// The header fields the genuine message's signatures sign (`h=`), lower case.
        let signed: Set<String>
        /// Whether a signature of the genuine message has a body length (`l=`).
        let isLengthTagged: Bool

        init(_ bytes: [UInt8]) {
            let text = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            var fields: [[UInt8]] = []
            var index = 0
            while index < text.count, !text[index].isEmpty {
                if let first = text[index].first, first == 0x20 || first == 0x09, !fields.isEmpty {
                    fields[fields.count - 1] += [0x0A] + text[index]
                } else {
                    fields.append(Array(text[index]))
                }
                index += 1
            }
            self.fields = fields
            body = Array(text[min(index + 1, text.count)...].joined(separator: [0x0A]))
            var signed: Set<String> = []
            var isLengthTagged = false
            for field in fields where Self.name(of: field) == "dkim-signature" {
                let value = String(decoding: field.drop { $0 != UInt8(ascii: ":") }.dropFirst(), as: UTF8.self).filter { !$0.isWhitespace }
                let tags = value.split(separator: ";")
                if tags.contains(where: { $0.hasPrefix("l=") }) { isLengthTagged = true }
                guard let tag = tags.first(where: { $0.hasPrefix("h=") }) else { continue }
                signed.formUnion(tag.dropFirst(2).split(separator: ":").map { $0.lowercased() })
            }
            self.signed = signed
            self.isLengthTagged = isLengthTagged
        }

        /// A field's name, lower case.
        static func name(of field: [UInt8]) -> String {
            String(decoding: field.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        }

        /// The positions of the fields no signature covers, nor a signature itself.
        var unsignedFields: [Int] {
            fields.indices.filter { let name = Self.name(of: fields[$0]); return name != "dkim-signature" && !signed.contains(name) }
        }

        var bytes: [UInt8] {
            var bytes: [UInt8] = []
            for line in prefix { bytes += line + [0x0A] }
            for field in fields { bytes += field + [0x0A] }
            return bytes + [0x0A] + body
        }
    }

    /// What the fuzzer's bytes do to the message, one change after another: the first byte of each
    /// says which change, the next ones where and what.
    struct Mutations {
        var bytes: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
        }

        mutating func next() -> UInt8? { bytes.popFirst() }

        mutating func apply(to message: inout Message, lengthTagged: Bool) {
            var count = 0
            while let operation = next(), count < 24 {
                count += 1
                switch operation % 7 {
                case 0:
                    // A field no signature covers: a name of the list, anywhere in the header.
                    guard let position = next(), let name = next() else { return }
                    let field = Array("\(Self.names[Int(name) % Self.names.count]): ".utf8) + value()
                    message.fields.insert(field, at: Int(position) % (message.fields.count + 1))
                case 1:
                    // Another value for a field no signature covers.
                    let unsigned = message.unsignedFields
                    guard let which = next(), !unsigned.isEmpty else { continue }
                    let index = unsigned[Int(which) % unsigned.count]
                    let name = message.fields[index].prefix { $0 != UInt8(ascii: ":") }
                    message.fields[index] = Array(name) + Array(": ".utf8) + value()
                case 2:
                    // A line before the header.
                    message.prefix.append(line())
                case 3:
                    // Text after the body, which only a signature with l= leaves unsigned.
                    let text = body()
                    if lengthTagged { message.body += text }
                case 4:
                    // A new Date, where the signature leaves it out.
                    guard !message.signed.contains("date") else { continue }
                    let value = value()
                    for index in message.fields.indices where Message.name(of: message.fields[index]) == "date" {
                        message.fields[index] = Array("Date: ".utf8) + value
                    }
                case 5:
                    // A field of any name.
                    guard let position = next(), let length = next() else { return }
                    var name = Array(take(Int(length) % 24).filter { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") })
                    if name.isEmpty { name = Array("X-Fuzz".utf8) }
                    message.fields.insert(name + Array(": ".utf8) + value(), at: Int(position) % (message.fields.count + 1))
                default:
                    // A folded line more in a field no signature covers.
                    let unsigned = message.unsignedFields
                    guard let which = next(), !unsigned.isEmpty else { continue }
                    message.fields[unsigned[Int(which) % unsigned.count]] += Array("\n ".utf8) + value()
                }
            }
        }

        mutating func take(_ count: Int) -> ArraySlice<UInt8> {
            let taken = bytes.prefix(count)
            bytes = bytes.dropFirst(taken.count)
            return taken
        }

        /// A field's value: one a forger would write, or the fuzzer's bytes, folded where they break the line.
        mutating func value() -> [UInt8] {
            guard let choice = next() else { return [] }
            if choice < 0xC0 { return Array(Self.values[Int(choice) % Self.values.count].utf8) }
            var value: [UInt8] = []
            for byte in take(Int(next() ?? 0) % 96) {
                if byte == 0x0A || byte == 0x0D { value += Array("\n ".utf8) } else { value.append(byte) }
            }
            return value
        }

        /// A line before the header: one a forger would write, or the fuzzer's bytes on one line.
        mutating func line() -> [UInt8] {
            guard let choice = next() else { return [] }
            if choice < 0xC0 { return Array(Self.lines[Int(choice) % Self.lines.count].utf8) }
            return take(Int(next() ?? 0) % 96).filter { $0 != 0x0A && $0 != 0x0D }
        }

        /// Text after the body: markup a forger would add, or the fuzzer's bytes.
        mutating func body() -> [UInt8] {
            guard let choice = next() else { return [] }
            if choice < 0xC0 { return Array(Self.texts[Int(choice) % Self.texts.count].utf8) }
            return Array(take(Int(next() ?? 0) % 256))
        }

        static let names = [
            "Received", "Authentication-Results", "ARC-Authentication-Results", "ARC-Seal", "X-Forged", "From", "Date", "Sender", "Reply-To",
            "Return-Path", "Content-Transfer-Encoding", "Content-Type", "Content-Disposition", "Content-Language", "DKIM-Signature",
            "Resent-From", "Resent-Date", "List-Id", "Subject", "To", "Message-ID", "MIME-Version", "X-Mozilla-Status", "X-Campaign_ID",
        ]

        static let values = [
            "mx.google.com; dkim=pass header.d=united.com header.s=fuzz2030; dmarc=pass (p=REJECT) header.from=united.com",
            "mx.google.com; dkim=pass header.i=@united.com",
            "mx.google.com; dkim=none; dmarc=fail (p=REJECT) header.from=united.com",
            "mx.google.com; spf=pass smtp.mailfrom=\"x;dkim=pass header.d=united.com\"@evil.example; dkim=none (dkim=pass header.d=united.com)",
            "i=1; mx.google.com; dkim=pass header.d=united.com; dmarc=pass header.from=united.com",
            "from mta.united.com (mta.united.com. [192.0.2.4]) by mx.google.com with ESMTPS id x; Wed, 05 Jun 2030 10:00:01 -0700",
            "by 2002:a05:7300:1234::1 with SMTP id y; Wed, 05 Jun 2030 10:00:02 -0700",
            "from mta.evil.example by 192.0.2.7; Wed, 05 Jun 2030 10:00:01 +0000",
            "from mta.evil.example by mx.attacker.net; Wed, 05 Jun 2030 10:00:01 +0000",
            "United Airlines <reservations@united.com>",
            "Trips <trips@evil.example>",
            "reservations@united.com, trips@evil.example",
            "Wed, 20 Jun 2035 10:00:00 +0000",
            "Mon, 01 Jan 2001 00:00:00 +0000",
            "base64", "quoted-printable", "8bit",
            "text/plain; charset=utf-8", "multipart/mixed; boundary=\"K7P2QX\"", "message/rfc822", "text/html; charset=utf-16",
            "attachment; filename=\"ticket.eml\"",
            "v=1; a=rsa-sha256; c=relaxed/simple; d=united.com; s=fuzz2030; h=from; bh=AAAA; b=AAAA",
            "v=1; a=rsa-sha256; d=evil.example; s=s1; h=from:to; bh=AAAA; b=AAAA",
            "en-US", "<list.united.com>", "", "0001",
        ]

        static let lines = [
            "From reservations@united.com Mon Jun  3 10:00:00 2030", "\u{FEFF}", "", " ", "X-Mozilla-Status: 0001", "<html>: x",
            "{\"@context\": \"http://schema.org\"}: x", "BEGIN:VCALENDAR", "Return-Path: <bounce@evil.example>",
            "X-Campaign_ID: 1", ">From nobody",
        ]

        static let cancellation = """
            <script type="application/ld+json">{"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "K7P2QX", \
            "reservationStatus": "http://schema.org/ReservationCancelled", "reservationFor": {"@type": "Flight", "flightNumber": "110", \
            "airline": {"@type": "Airline", "iataCode": "UA"}, "departureAirport": {"@type": "Airport", "iataCode": "SFO"}, \
            "departureTime": "2030-06-15T08:05:00-07:00", "arrivalAirport": {"@type": "Airport", "iataCode": "JFK"}, \
            "arrivalTime": "2030-06-15T16:40:00-04:00"}}</script>
            """

        static let texts = [
            cancellation + "\n",
            cancellation.replacingOccurrences(of: "ReservationCancelled", with: "ReservationConfirmed").replacingOccurrences(of: "T08:05", with: "T06:05") + "\n",
            cancellation.replacingOccurrences(of: "ReservationCancelled", with: "ReservationConfirmed").replacingOccurrences(of: "K7P2QX", with: "FAKE01") + "\n",
            "\n--K7P2QX\nContent-Type: text/html\n\n" + cancellation + "\n--K7P2QX--\n",
            "<div itemscope itemtype=\"http://schema.org/FlightReservation\"><meta itemprop=\"reservationNumber\" content=\"K7P2QX\">"
                + "<link itemprop=\"reservationStatus\" href=\"http://schema.org/ReservationCancelled\"></div>\n",
            "</body></html>\n", "\n\n", " \t\n",
        ]
    }
}
