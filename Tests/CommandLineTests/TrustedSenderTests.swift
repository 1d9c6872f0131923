import Foundation
import TestSupport
import Testing

/// Booking e-mails signed and forged in every way, through the real program: signed by dkimpy with
/// keys the tests make, read from `.eml` files, mbox exports and a real IMAP server, with
/// `generate` and `lint`.
@Suite("Trusted senders: only mail that provably comes from its sender makes, changes or cancels events")
struct TrustedSenderTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-01-01T00:00:00Z"

    /// A booking e-mail: a flight with its markup, from `from`, cancelled when `status` says so.
    static func flight(
        _ number: String, from: String = "United <reservations@united.com>", status: String = "ReservationConfirmed", departure: String = "08:05",
        flightNumber: String = "110", messageID: String? = nil, date: String = "Mon, 03 Jun 2030 10:00:00 +0000"
    ) -> String {
        """
        From: \(from)
        To: ada@example.org
        Subject: Your flight UA \(flightNumber), \(number)
        Date: \(date)
        Message-ID: <\(messageID ?? "\(number)-\(status)@mail.example")>
        MIME-Version: 1.0
        Content-Type: text/html; charset=utf-8

        <html><body><p>Your flight UA \(flightNumber).</p>
        <script type="application/ld+json">
        {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "\(number)",
         "reservationStatus": "http://schema.org/\(status)",
         "reservationFor": {"@type": "Flight", "flightNumber": "\(flightNumber)", "airline": {"@type": "Airline", "iataCode": "UA"},
           "departureAirport": {"@type": "Airport", "iataCode": "SFO"}, "departureTime": "2030-06-15T\(departure):00-07:00",
           "arrivalAirport": {"@type": "Airport", "iataCode": "JFK"}, "arrivalTime": "2030-06-15T16:40:00-04:00"}}
        </script></body></html>

        """
    }

    /// Keys for united.com (RSA and ed25519), a subdomain of it, a stranger's domain and a free-mail provider.
    static func keys() throws -> DKIMTestKeys {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        try keys.make(selector: "e1", domain: "united.com", kind: .ed25519)
        try keys.make(selector: "s1", domain: "mail.united.com")
        try keys.make(selector: "s1", domain: "evil.example")
        try keys.make(selector: "s1", domain: "gmail.com")
        return keys
    }

    private func run(_ arguments: [String], keys: DKIMTestKeys) throws -> ProcessOutput {
        try ProcessRunner.run(Self.tool, arguments + ["--dkim-keys", keys.keysFile])
    }

    /// A `lint --format json` finding.
    struct Finding: Decodable, Equatable {
        var code, file, message: String
    }

    private func findings(_ output: ProcessOutput) throws -> [Finding] {
        struct Document: Decodable { var diagnostics: [Finding] }
        return try JSONDecoder().decode(Document.self, from: Data(output.standardOutput.utf8)).diagnostics
    }

    @Test("forged, altered, misaligned, partly signed and free-mail messages make, change and cancel nothing; signed ones do")
    func files() throws {
        let keys = try Self.keys()
        let folder = try TemporaryFolder("senders")
        let mail = folder.url.appendingPathComponent("mail")
        func write(_ name: String, _ text: String) throws { try folder.write("mail/\(name)", text) }
        // Verified: rsa-sha256, ed25519-sha256, a subdomain's signer, two signatures of which one is broken.
        try write("1-confirmed.eml", try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com"))
        try write("2-ed25519.eml", try keys.sign(Self.flight("ED2551", flightNumber: "220"), selector: "e1", domain: "united.com", kind: .ed25519))
        try write("3-subdomain.eml", try keys.sign(Self.flight("SUB001", flightNumber: "330"), selector: "s1", domain: "mail.united.com"))
        // Signed twice by united.com (ed25519, then RSA), the first signature broken since.
        let twice = try keys.sign(
            try keys.sign(Self.flight("TWO002", flightNumber: "440"), selector: "e1", domain: "united.com", kind: .ed25519), selector: "s1",
            domain: "united.com")
        #expect(twice.contains("a=ed25519-sha256; c=relaxed/simple;"))
        try write("4-two-signatures.eml", twice.replacingOccurrences(of: "a=ed25519-sha256; c=relaxed/simple;", with: "a=ed25519-sha256; c=relaxed/relaxed;"))
        // Not verified: a forged cancellation with no signature, one signed by the forger's domain,
        // a move whose body was changed after signing, a cancellation appended after an l= signature,
        // a stranger's free-mail address.
        try write("5-forged-cancellation.eml", Self.flight("K7P2QX", status: "ReservationCancelled"))
        try write("6-misaligned.eml", try keys.sign(Self.flight("K7P2QX", status: "ReservationCancelled", messageID: "m6@x"), selector: "s1", domain: "evil.example"))
        try write(
            "7-altered.eml",
            try keys.sign(Self.flight("K7P2QX", messageID: "m7@x"), selector: "s1", domain: "united.com").replacingOccurrences(of: "T08:05:00", with: "T06:05:00"))
        let partly = try keys.sign(Self.flight("K7P2QX", messageID: "m8@x"), selector: "s1", domain: "united.com", length: true)
        try write("8-appended.eml", partly + "<script type=\"application/ld+json\">{\"@context\": \"http://schema.org\", \"@type\": \"FlightReservation\", \"reservationNumber\": \"K7P2QX\", \"reservationStatus\": \"http://schema.org/ReservationCancelled\"}</script>\r\n")
        try write(
            "9-free-mail.eml", try keys.sign(Self.flight("FREE01", from: "Stranger <stranger@gmail.com>", flightNumber: "990"), selector: "s1", domain: "gmail.com"))
        // A newsletter without a booking: nothing to say about it.
        try write("10-newsletter.eml", "From: news@evil.example\nTo: ada@example.org\nSubject: News\n\nNothing booked.\n")

        let feed = folder.path("trips.ics")
        let result = try run(["generate", mail.path, "--output", feed, "--now", Self.now], keys: keys)
        #expect(result.status == 0, "\(result.standardError)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: feed)), as: UTF8.self)
        let summaries = text.split(separator: "\r\n").filter { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
        #expect(summaries.sorted() == ["Flight UA 110 · SFO → JFK", "Flight UA 220 · SFO → JFK", "Flight UA 330 · SFO → JFK", "Flight UA 440 · SFO → JFK"])
        #expect(text.contains("DTSTART;TZID=America/Los_Angeles:20300615T080500"), "the altered move moved the flight")
        #expect(!text.contains("CANCELLED"))
        // Every message not used is counted once, as it is warned about once: five.
        #expect(result.standardError.contains("skipped 5 from unverified or unknown senders); 0 errors, 5 warnings"), "\(result.standardError)")
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")

        let lint = try run(["lint", mail.path, "--now", Self.now, "--format", "json"], keys: keys)
        let reported = try findings(lint).filter { $0.code == "unverified-sender" }
        func reason(_ file: String) -> String? { reported.first { $0.file.hasSuffix("/\(file)") }?.message }
        #expect(reported.count == 5, "\(reported)")
        #expect(reason("5-forged-cancellation.eml")?.contains("it has no DKIM signature") == true)
        #expect(reason("6-misaligned.eml")?.contains("it is signed by evil.example, not by its sender's domain united.com") == true)
        #expect(reason("7-altered.eml")?.contains("its DKIM signature by united.com does not verify (the body was changed after signing)") == true)
        #expect(reason("8-appended.eml")?.contains("covers only the start of the body (l=)") == true)
        #expect(reason("9-free-mail.eml")?.contains("stranger@gmail.com is at a free-mail provider") == true)
        #expect(reason("5-forged-cancellation.eml")?.hasPrefix("its booking (flight K7P2QX) not used, because its sender is not verified") == true)
        #expect(!lint.standardOutput.contains("10-newsletter.eml"), "a newsletter carries no booking: nothing to report")

        // The free-mail address is the person's own: its booking counts.
        let own = try run(["lint", mail.appendingPathComponent("9-free-mail.eml").path, "--now", Self.now, "--my-address", "Stranger@gmail.com"], keys: keys)
        #expect(own.standardOutput == "1 reservation in 1 input: 0 errors, 0 warnings\n", "\(own.standardOutput)")
        // Only trusted senders: united.com's bookings, and nobody else's.
        let trusting = try run(["lint", mail.path, "--now", Self.now, "--trust-sender", "united.com", "--my-address", "stranger@gmail.com"], keys: keys)
        #expect(!trusting.standardOutput.contains("9-free-mail.eml"), "your own address is believed whatever the trusted senders")
        let strict = try run(["lint", mail.appendingPathComponent("9-free-mail.eml").path, "--now", Self.now, "--trust-sender", "united.com"], keys: keys)
        #expect(strict.standardOutput.contains("stranger@gmail.com is at a free-mail provider"), "\(strict.standardOutput)")
        // Testing one's own markup: everything used, everything still said.
        let anyway = try run(["generate", mail.path, "--output", "-", "--now", Self.now, "--trust-unverified"], keys: keys)
        #expect(anyway.standardOutput.contains("SUMMARY:Flight UA 990 · SFO → JFK"), "the stranger's booking is used")
        #expect(anyway.standardError.components(separatedBy: "used all the same, as asked").count - 1 == 5, "\(anyway.standardError)")
        // A forgery alone: no feed is started, and the reason given is its sender, not the booking.
        let alone = folder.path("alone.ics")
        let forged = try run(["generate", mail.appendingPathComponent("5-forged-cancellation.eml").path, "--output", alone, "--now", Self.now], keys: keys)
        #expect(forged.status == 2)
        #expect(forged.standardError.hasSuffix(
            "error: every booking in 1 input file came in an e-mail whose sender is not verified or is no sender to take bookings from (see the warnings above); nothing was written\n"),
            "\(forged.standardError)")
        #expect(!FileManager.default.fileExists(atPath: alone))
    }

    @Test("events made before from mail that is not verified now stay exactly as they were, and the run says so; exit 0")
    func previousEventsKept() throws {
        let keys = try Self.keys()
        let folder = try TemporaryFolder("senders")
        try folder.write("mail/unsigned.eml", Self.flight("K7P2QX"))
        try folder.write("mail/other.eml", try keys.sign(Self.flight("OTHER1", flightNumber: "550"), selector: "s1", domain: "united.com"))
        let feed = folder.path("trips.ics")
        // A feed written before verification: the unsigned booking is in it.
        let before = try run(["generate", folder.path("mail"), "--output", feed, "--now", Self.now, "--trust-unverified"], keys: keys)
        #expect(before.status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: feed))
        // Now a forged change and a forged cancellation of it arrive; neither is believed.
        try folder.write("mail/moved.eml", Self.flight("K7P2QX", departure: "06:05", messageID: "moved@x"))
        try folder.write("mail/cancelled.eml", Self.flight("K7P2QX", status: "ReservationCancelled", messageID: "cancelled@x"))
        let after = try run(["generate", folder.path("mail"), "--output", feed, "--now", Self.now], keys: keys)
        #expect(after.status == 0, "\(after.standardError)")
        #expect(after.standardError.contains("0 added, 0 updated, 0 cancelled, 0 removed, 2 unchanged"), "\(after.standardError)")
        #expect(after.standardError.contains("warning: the event Flight UA 110 · SFO → JFK is kept as it was"), "\(after.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: feed)) == written, "the feed kept its bytes")
        // A verified cancellation of the other booking still cancels it.
        try folder.write(
            "mail/other-cancelled.eml",
            try keys.sign(
                Self.flight("OTHER1", status: "ReservationCancelled", flightNumber: "550", messageID: "oc@x", date: "Wed, 05 Jun 2030 10:00:00 +0000"),
                selector: "s1", domain: "united.com"))
        let cancelling = try run(["generate", folder.path("mail"), "--output", feed, "--now", Self.now], keys: keys)
        #expect(cancelling.status == 0)
        #expect(cancelling.standardError.contains("0 added, 0 updated, 1 cancelled, 0 removed, 1 unchanged"), "\(cancelling.standardError)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: feed)), as: UTF8.self)
        #expect(text.contains("SUMMARY:Cancelled: Flight UA 550 · SFO → JFK"))
        #expect(text.contains("SUMMARY:Flight UA 110 · SFO → JFK"))
    }

    @Test("trusted senders from a file, one domain a line; options that name nothing sensible stop the run before it reads anything")
    func options() throws {
        let keys = try Self.keys()
        let folder = try TemporaryFolder("senders")
        try keys.make(selector: "s1", domain: "agency.example")
        try keys.make(selector: "s1", domain: "mail.agency.example")
        try folder.write("mail/united.eml", try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com"))
        try folder.write("mail/agency.eml", try keys.sign(Self.flight("AGY001", from: "Agency <trips@agency.example>", flightNumber: "220"), selector: "s1", domain: "agency.example"))
        try folder.write(
            "mail/sub.eml",
            try keys.sign(Self.flight("SUB001", from: "Agency <trips@mail.agency.example>", flightNumber: "330"), selector: "s1", domain: "mail.agency.example"))
        // united.com is a known booking sender; the agency is not, until the person names it.
        let unknown = try run(["lint", folder.path("mail"), "--now", Self.now], keys: keys)
        #expect(unknown.standardOutput.hasSuffix("1 reservation in 3 inputs: 0 errors, 1 warning\n"), "\(unknown.standardOutput)")
        #expect(
            unknown.standardOutput.contains(
                "agency.eml: warning: 2 messages with bookings from agency.example, whose signature verifies but which is not a known booking sender: none of its bookings are used; if you book with it, --trust-sender agency.example believes its mail"),
            "\(unknown.standardOutput)")
        let list = try folder.write("senders.txt", "# agencies\nmail.agency.example   # its mail comes from a subdomain\n\ndelta.com\n")
        let trusted = try run(["lint", folder.path("mail"), "--now", Self.now, "--trust-sender", "@" + list], keys: keys)
        #expect(trusted.standardOutput == "3 reservations in 3 inputs: 0 errors, 0 warnings\n", "\(trusted.standardOutput)\(trusted.standardError)")
        // Any verified organization, when asked.
        let any = try run(["lint", folder.path("mail"), "--now", Self.now, "--trust-verified"], keys: keys)
        #expect(any.standardOutput == "3 reservations in 3 inputs: 0 errors, 0 warnings\n", "\(any.standardOutput)")
        for (arguments, message) in [
            (["--trust-sender", "gmail.com"], "--trust-sender: anyone can have an address at gmail.com, so it is no organization to believe"),
            (["--trust-sender", "groups.io"], "--trust-sender: anyone can have an address at groups.io"),
            (["--trust-sender", "co.uk"], "--trust-sender: co.uk is not a domain an organization holds"),
            (["--trust-sender", "@" + folder.path("missing.txt")], "--trust-sender: cannot read the file"),
            (["--my-address", "ada"], "--my-address: expected an e-mail address"),
            (["--trust-authserv", "mx.google.com; dkim=pass"], "--trust-authserv: expected a server's authserv-id"),
            (["--dkim-keys", folder.path("senders.txt")], "--dkim-keys: \(folder.path("senders.txt")): line 2: expected a name of the form SELECTOR._domainkey.DOMAIN"),
        ] {
            let refused = try ProcessRunner.run(Self.tool, ["lint", folder.path("mail"), "--now", Self.now] + arguments)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
    }

    @Test("a booking changed by verified mail of another organization than the one that made it is applied and reported")
    func otherOrganization() throws {
        let keys = try Self.keys()
        try keys.make(selector: "s1", domain: "agency.example")
        let folder = try TemporaryFolder("senders")
        try folder.write("mail/1-agency.eml", try keys.sign(Self.flight("K7P2QX", from: "Agency <trips@agency.example>"), selector: "s1", domain: "agency.example"))
        let moved = Self.flight("K7P2QX", departure: "09:15", messageID: "moved@united", date: "Tue, 04 Jun 2030 10:00:00 +0000")
        try folder.write("mail/2-airline.eml", try keys.sign(moved, selector: "s1", domain: "united.com"))
        let result = try run(["generate", folder.path("mail"), "--output", "-", "--now", Self.now, "--trust-sender", "agency.example"], keys: keys)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("DTSTART;TZID=America/Los_Angeles:20300615T091500"))
        #expect(result.standardOutput.contains("X-RESERVATION-FEED-BOOKED-BY:agency.example"), "the booking stays the agency's")
        let warning = result.standardError.split(separator: "\n").first { $0.contains("mail from united.com changes") }
        #expect(warning?.contains("2-airline.eml") == true, "\(result.standardError)")
        #expect(
            warning?.contains(
                "warning: mail from united.com changes the booking K7P2QX, which mail from agency.example made; united.com is a known booking sender, so it is applied")
                == true, "\(result.standardError)")
    }

    @Test("a shared view remembers who made each booking by its own UIDs: with the maker's mail gone, a verified stranger's change is refused there as in the full feed")
    func viewRemembersMaker() throws {
        let keys = try Self.keys()
        try keys.make(selector: "s1", domain: "agency.example")
        let folder = try TemporaryFolder("senders-view")
        try folder.write("mail/1-agency.eml", try keys.sign(Self.flight("K7P2QX", from: "Agency <trips@agency.example>"), selector: "s1", domain: "agency.example"))
        let trust = ["--trust-sender", "agency.example", "--trust-verified", "--now", Self.now]
        for view in ["full", "shared"] {
            let first = try run(["generate", folder.path("mail"), "--output", folder.path("\(view).ics"), "--view", view] + trust, keys: keys)
            #expect(first.status == 0, "\(first.standardError)")
            #expect(try String(contentsOfFile: folder.path("\(view).ics"), encoding: .utf8).contains("X-RESERVATION-FEED-BOOKED-BY:agency.example"))
        }
        // The agency's mail is gone; a stranger's signed mail moves the flight.
        try FileManager.default.removeItem(atPath: folder.path("mail/1-agency.eml"))
        let moved = Self.flight("K7P2QX", from: "Trips <trips@evil.example>", departure: "09:15", messageID: "moved@evil", date: "Tue, 04 Jun 2030 10:00:00 +0000")
        try folder.write("mail/2-evil.eml", try keys.sign(moved, selector: "s1", domain: "evil.example"))
        for view in ["full", "shared"] {
            let before = try String(contentsOfFile: folder.path("\(view).ics"), encoding: .utf8)
            let second = try run(["generate", folder.path("mail"), "--output", folder.path("\(view).ics"), "--view", view] + trust, keys: keys)
            let after = try String(contentsOfFile: folder.path("\(view).ics"), encoding: .utf8)
            #expect(after.contains("DTSTART;TZID=America/Los_Angeles:20300615T080500"), "\(view): the flight stays at 08:05\n\(second.standardError)")
            #expect(!after.contains("20300615T091500"), "\(view)")
            #expect(after == before, "\(view): the feed is left as it was")
            #expect(second.standardError.contains("evil.example"), "\(view): the refusal is said\n\(second.standardError)")
        }
    }

    @Test("an mbox export: each message verified on its own; signatures survive the export")
    func mbox() throws {
        let keys = try Self.keys()
        let folder = try TemporaryFolder("senders")
        let confirmed = try folder.write("confirmed.eml", try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com"))
        let forged = try folder.write("forged.eml", Self.flight("K7P2QX", status: "ReservationCancelled"))
        let box = folder.path("Takeout.mbox")
        let made = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("Tests/Tools/make_mbox.py").path, box, confirmed, forged])
        try #require(made.status == 0, "\(made.standardError)")
        let result = try run(["generate", box, "--output", "-", "--now", Self.now], keys: keys)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("SUMMARY:Flight UA 110 · SFO → JFK"))
        #expect(!result.standardOutput.contains("CANCELLED"))
        #expect(result.standardError.contains("Takeout.mbox: message 2 <K7P2QX-ReservationCancelled@mail.example>: warning: its booking (flight K7P2QX) not used, because its sender is not verified: it has no DKIM signature"), "\(result.standardError)")
    }

    /// What Gmail adds on top of a message on its arrival, with its verdict.
    static func gmailArrival(_ verdict: String) -> String {
        """
        Received: by 2002:a05:7300:1234::1 with SMTP id x;
                Tue, 04 Jun 2030 10:00:02 -0700 (PDT)
        Received: from mta.united.com (mta.united.com. [192.0.2.4])
                by mx.google.com with ESMTPS id y;
                Tue, 04 Jun 2030 10:00:01 -0700 (PDT)
        Authentication-Results: mx.google.com;
               \(verdict)

        """
    }

    @Test("a Takeout whose keys were rotated since: the provider's verdict counts once its server is trusted, and the run says how")
    func authenticationResults() throws {
        let keys = try Self.keys()
        let folder = try TemporaryFolder("senders")
        // Signed by a key united.com no longer publishes: the signature cannot be checked any more.
        let rotated = try DKIMTestKeys()
        try rotated.make(selector: "2029", domain: "united.com")
        let signed = try rotated.sign(Self.flight("K7P2QX"), selector: "2029", domain: "united.com")
        let arrived = try folder.write(
            "arrived.eml", Self.gmailArrival("dkim=pass header.i=@united.com header.s=2029; dmarc=pass (p=REJECT) header.from=united.com") + signed)
        // A forgery: Gmail found it failed; the sender wrote a passing verdict of its own below.
        let forged = try folder.write(
            "forged.eml",
            Self.gmailArrival("dkim=none; dmarc=fail (p=REJECT) header.from=united.com")
                + "Authentication-Results: mx.google.com; dkim=pass header.d=united.com; dmarc=pass header.from=united.com\n"
                + Self.flight("K7P2QX", status: "ReservationCancelled", messageID: "forged@x", date: "Wed, 05 Jun 2030 10:00:00 +0000"))
        let box = folder.path("Takeout.mbox")
        let made = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("Tests/Tools/make_mbox.py").path, box, arrived, forged])
        try #require(made.status == 0, "\(made.standardError)")

        let untrusted = try run(["generate", box, "--output", "-", "--now", Self.now], keys: keys)
        #expect(!untrusted.standardOutput.contains("BEGIN:VEVENT"))
        #expect(untrusted.standardError.contains("message 1 <K7P2QX-ReservationConfirmed@mail.example>: warning: its booking (flight K7P2QX) not used, because its sender is not verified: only mx.google.com vouches for it (Authentication-Results), a server that is not trusted"), "\(untrusted.standardError)")
        let hints = untrusted.standardError.split(separator: "\n").filter { $0.contains("--trust-authserv mx.google.com") }
        #expect(hints == ["warning: 2 messages with bookings were checked on arrival by mx.google.com (its Authentication-Results, topmost), whose word is not taken; if it is your mail provider's server, --trust-authserv mx.google.com lets its verdicts count"], "\(untrusted.standardError)")

        let trusted = try run(["generate", box, "--output", "-", "--now", Self.now, "--trust-authserv", "mx.google.com"], keys: keys)
        #expect(trusted.standardOutput.contains("SUMMARY:Flight UA 110 · SFO → JFK"), "\(trusted.standardError)")
        #expect(!trusted.standardOutput.contains("CANCELLED"), "the forgery's own verdict, below Gmail's, is not taken")
        #expect(trusted.standardError.contains("mx.google.com found on its arrival that it did not pass (dkim=none, dmarc=fail)"), "\(trusted.standardError)")
        #expect(!trusted.standardError.contains("--trust-authserv mx.google.com lets"))
    }

    @Test("verdicts last: a key withdrawn since a message was read does not unmake its booking; trust options apply at every run")
    func keptVerdicts() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let folder = try TemporaryFolder("senders")
        try folder.write("mail/confirmed.eml", try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com"))
        let environment = ["XDG_CACHE_HOME": folder.path("cache")]
        func lint(_ extra: [String] = []) throws -> ProcessOutput {
            try ProcessRunner.run(Self.tool, ["lint", folder.path("mail"), "--now", Self.now, "--dkim-keys", keys.keysFile] + extra, environment: environment)
        }
        #expect(try lint().standardOutput == "1 reservation in 1 input: 0 errors, 0 warnings\n")
        // united.com rotates its key: the old one is no longer published.
        try Data().write(to: URL(fileURLWithPath: keys.keysFile))
        #expect(try lint().standardOutput == "1 reservation in 1 input: 0 errors, 0 warnings\n", "the verdict found when it was read stands")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path("cache/reservation-feed/extracted"))
        #expect(kept.contains { $0.hasSuffix(".authentication") })
        // The person's own rule is applied afresh: a sender believed only by an option is not once
        // the option goes.
        try keys.make(selector: "s1", domain: "agency.example")
        try folder.write("mail/agency.eml", try keys.sign(Self.flight("AGY001", from: "Agency <trips@agency.example>", flightNumber: "220"), selector: "s1", domain: "agency.example"))
        #expect(try lint(["--trust-sender", "agency.example"]).standardOutput == "2 reservations in 2 inputs: 0 errors, 0 warnings\n")
        try Data().write(to: URL(fileURLWithPath: keys.keysFile))
        #expect(try lint(["--trust-sender", "agency.example"]).standardOutput == "2 reservations in 2 inputs: 0 errors, 0 warnings\n")
        #expect(try lint().standardOutput.contains("1 message with bookings from agency.example, whose signature verifies but which is not a known booking sender"))
        // Without the kept verdict, the withdrawn key is not found.
        try FileManager.default.removeItem(atPath: folder.path("cache"))
        #expect(try lint().standardOutput.contains("its DKIM signature by united.com does not verify (its key was not found)"))
    }

    @Test("an IMAP folder in Dovecot: the verdict is kept with the cached message after the key is gone")
    func imapKeptVerdict() throws {
        let keys = try DKIMTestKeys()
        try keys.make(selector: "s1", domain: "united.com")
        let server = try IMAPTestServer()
        let folder = try TemporaryFolder("senders")
        try server.append([try folder.write("confirmed.eml", try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com"))])
        func generate() throws -> ProcessOutput {
            try ProcessRunner.run(
                Self.tool, ["generate", server.url(), "--output", folder.path("feed.ics"), "--now", Self.now, "--dkim-keys", keys.keysFile],
                environment: server.environment(cache: folder.path("cache")))
        }
        let first = try generate()
        #expect(first.standardError.contains("1 added"), "\(first.standardError)")
        let cached = try FileManager.default.subpathsOfDirectory(atPath: folder.path("cache/reservation-feed/mail"))
        #expect(cached.contains { $0.hasSuffix("/1.authentication") }, "\(cached)")
        try Data().write(to: URL(fileURLWithPath: keys.keysFile))
        let second = try generate()
        #expect(second.status == 0)
        #expect(second.standardError.contains("0 added, 0 updated, 0 cancelled, 0 removed, 1 unchanged"), "\(second.standardError)")
        #expect(!second.standardError.contains("not verified"))
    }

    /// A message from `from` with `attached` attached as a forwarded e-mail (`message/rfc822`).
    static func forwarding(_ attached: String, from: String) -> String {
        """
        From: \(from)
        To: ada@example.org
        Subject: Fwd: your flight
        Date: Tue, 04 Jun 2030 10:00:00 +0000
        MIME-Version: 1.0
        Content-Type: multipart/mixed; boundary="outer"

        --outer
        Content-Type: text/plain; charset=utf-8

        See the attached confirmation.
        --outer
        Content-Type: message/rfc822
        Content-Disposition: attachment; filename="flight.eml"

        \(attached.replacingOccurrences(of: "\r\n", with: "\n"))
        --outer--

        """
    }

    @Test("attached e-mails answer to their own sender: a forwarded signed confirmation counts, a forwarded forgery does not, unless you forward it yourself")
    func attachments() throws {
        let keys = try Self.keys()
        let folder = try TemporaryFolder("senders")
        let signed = try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com")
        let forged = Self.flight("FAKE01", flightNumber: "666")
        try folder.write(
            "mail/1-friend-forwards-signed.eml", try keys.sign(Self.forwarding(signed, from: "Bob <bob@gmail.com>"), selector: "s1", domain: "gmail.com"))
        try folder.write(
            "mail/2-friend-forwards-forged.eml", try keys.sign(Self.forwarding(forged, from: "Bob <bob@gmail.com>"), selector: "s1", domain: "gmail.com"))
        try folder.write(
            "mail/3-stranger-attaches-forged.eml",
            try keys.sign(Self.forwarding(Self.flight("K7P2QX", status: "ReservationCancelled"), from: "Evil <x@evil.example>"), selector: "s1", domain: "evil.example"))
        let result = try run(["generate", folder.path("mail"), "--output", "-", "--now", Self.now], keys: keys)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("SUMMARY:Flight UA 110 · SFO → JFK"), "\(result.standardError)")
        #expect(!result.standardOutput.contains("UA 666"))
        #expect(!result.standardOutput.contains("CANCELLED"))
        #expect(result.standardError.contains("2-friend-forwards-forged.eml: part[2]: warning: its booking (flight FAKE01) not used, because its sender is not verified: it has no DKIM signature"), "\(result.standardError)")
        #expect(result.standardError.contains("3-stranger-attaches-forged.eml: part[2]: warning: its booking (flight K7P2QX) not used"), "\(result.standardError)")
        // Forwarded by the person from their own address: they vouch for what they forward.
        let own = try run(["generate", folder.path("mail"), "--output", "-", "--now", Self.now, "--my-address", "bob@gmail.com"], keys: keys)
        #expect(own.standardOutput.contains("SUMMARY:Flight UA 666 · SFO → JFK"), "\(own.standardError)")
    }

    @Test("serve's inbox: a donated e-mail whose sender is not verified is refused and not kept; a signed one is taken")
    func donations() throws {
        let keys = try Self.keys()
        let folder = try TemporaryFolder("senders")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("inbox"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.url("Examples/trip/2-flight-sfo-hel.json"), to: folder.url.appendingPathComponent("inbox/flight.json"))
        let server = try ServeCommandTests.Server(["inbox", "--output", "trips.ics", "--dkim-keys", keys.keysFile], in: folder)
        defer { _ = server.stop() }
        let inbox = server.url.deletingLastPathComponent().appendingPathComponent("inbox")
        let authorized = ["Authorization": "Bearer " + (try ServeCommandTests.inboxToken(folder.path("trips.ics")))]
        let (refused, _, answer) = try ServeCommandTests.request(
            inbox, method: "POST", headers: authorized, body: Data(Self.flight("K7P2QX", status: "ReservationCancelled").utf8))
        #expect(refused == 422)
        #expect(String(decoding: answer, as: UTF8.self).contains("the e-mail's sender is not verified, so its bookings are not used; nothing was kept"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("inbox")) == ["flight.json"])
        let (created, _, receipt) = try ServeCommandTests.request(
            inbox, method: "POST", headers: authorized, body: Data(try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com").utf8))
        #expect(created == 201, "\(String(decoding: receipt, as: UTF8.self))")
        #expect(try ServeCommandTests.eventually(10) { String(decoding: try ServeCommandTests.request(server.url).2, as: UTF8.self).contains("Flight UA 110") })
    }

    @Test("publish: a forged cancellation cancels nothing in the calendar, a verified one does")
    func publish() async throws {
        guard let world = try await PublishCommandTests.world(.radicale) else { return }
        let keys = try Self.keys()
        _ = try world.folder.write("bookings/confirmed.eml", try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com"))
        let first = try world.publish(["--dkim-keys", keys.keysFile])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.contains("1 created"), "\(first.standardError)")
        _ = try world.folder.write(
            "bookings/forged.eml", Self.flight("K7P2QX", status: "ReservationCancelled", messageID: "f@x", date: "Wed, 05 Jun 2030 10:00:00 +0000"))
        let forged = try world.publish(["--dkim-keys", keys.keysFile])
        #expect(forged.status == 0, "\(forged.standardError)")
        #expect(forged.standardError.contains("0 created, 0 updated, 0 cancelled, 0 deleted, 1 unchanged"), "\(forged.standardError)")
        #expect(forged.standardError.contains("forged.eml: warning: its booking (flight K7P2QX) not used"), "\(forged.standardError)")
        #expect(try world.calendarEvents().map(\.summary) == ["Flight UA 110 · SFO → JFK"])
        try FileManager.default.removeItem(atPath: world.folder.path("bookings/forged.eml"))
        _ = try world.folder.write(
            "bookings/cancelled.eml",
            try keys.sign(
                Self.flight("K7P2QX", status: "ReservationCancelled", messageID: "c@x", date: "Wed, 05 Jun 2030 10:00:00 +0000"), selector: "s1",
                domain: "united.com"))
        let cancelled = try world.publish(["--dkim-keys", keys.keysFile])
        #expect(cancelled.standardError.contains("1 cancelled"), "\(cancelled.standardError)")
        #expect(try world.calendarEvents().map(\.summary) == ["Cancelled: Flight UA 110 · SFO → JFK"])
    }

    @Test("serve follows its folder: a forged cancellation dropped in beside a signed booking changes nothing of the rest")
    func serveFollows() throws {
        let keys = try Self.keys()
        let folder = try TemporaryFolder("senders")
        try folder.write("inbox/confirmed.eml", try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com"))
        let server = try ServeCommandTests.Server(["inbox", "--output", "trips.ics", "--dkim-keys", keys.keysFile], in: folder)
        defer { _ = server.stop() }
        func served() throws -> String { String(decoding: try ServeCommandTests.request(server.url).2, as: UTF8.self) }
        #expect(try served().contains("SUMMARY:Flight UA 110 · SFO → JFK"))
        try folder.write("inbox/forged.eml", Self.flight("K7P2QX", status: "ReservationCancelled", messageID: "f@x", date: "Wed, 05 Jun 2030 10:00:00 +0000"))
        try folder.write("inbox/other.eml", try keys.sign(Self.flight("OTHER1", flightNumber: "550"), selector: "s1", domain: "united.com"))
        #expect(try ServeCommandTests.eventually(15) { try served().contains("Flight UA 550") }, "the new booking was not served within 15 s")
        #expect(!(try served().contains("CANCELLED")))
    }

    @Test("an IMAP folder in Dovecot: the forged cancellation among real mail cancels nothing")
    func imap() throws {
        let keys = try Self.keys()
        let server = try IMAPTestServer()
        let folder = try TemporaryFolder("senders")
        let confirmed = try folder.write("confirmed.eml", try keys.sign(Self.flight("K7P2QX"), selector: "s1", domain: "united.com"))
        let forged = try folder.write("forged.eml", Self.flight("K7P2QX", status: "ReservationCancelled"))
        try server.append([confirmed, forged])
        let result = try ProcessRunner.run(
            Self.tool, ["generate", server.url(), "--output", "-", "--now", Self.now, "--dkim-keys", keys.keysFile],
            environment: server.environment(cache: folder.path("cache")))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("SUMMARY:Flight UA 110 · SFO → JFK"))
        #expect(!result.standardOutput.contains("CANCELLED"))
        #expect(result.standardError.contains(";UID=2: warning: its booking (flight K7P2QX) not used, because its sender is not verified"), "\(result.standardError)")
    }
}
