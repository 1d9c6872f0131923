import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A corpus of forged booking e-mails, each made by the test that uses it and run through the
/// real program: messages written not to look like mail, server verdicts nobody's server wrote,
/// strangers' signatures on changes to a booking, old confirmations replayed with new dates,
/// strangers posing as vendors, and signatures RFC 6376 does not let count; beside them, genuine
/// mail that must still be taken.
///
/// Each class is one folder, read by one `generate` (whose feed must be the feed of the genuine
/// mail alone: nothing forged makes, moves or cancels an event) and one `lint --format json`
/// (which must name each forged message with the code its refusal has).
///
/// Serialized: each test runs dozens of programs and waits for them on its thread; one at a time,
/// they leave the machine's other thread to the rest of the suite.
@Suite("Forgery corpus: forged booking e-mails make, change and cancel nothing; genuine ones are taken", .serialized)
struct ForgeryCorpusTests {
    typealias Mail = ForgeryCorpus.Mail

    /// Keys for these domains (RSA), published in the keys file the runs use.
    static func keys(_ domains: [String]) throws -> DKIMTestKeys {
        let keys = try DKIMTestKeys()
        for domain in domains { try keys.make(selector: "s1", domain: domain) }
        return keys
    }

    /// The genuine booking every forgery goes after: United's confirmation of K7P2QX, UA 110 at
    /// 08:05, signed by united.com (its `Date` signed).
    static func genuineBooking(_ keys: DKIMTestKeys) throws -> String {
        try keys.sign(Mail().text, selector: "s1", domain: "united.com")
    }

    /// The event the genuine booking makes, and only it: not moved, not cancelled, united.com's.
    static func expectOnlyGenuineFlight(_ events: [ForgeryCorpus.Event], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(events.count == 1, "\(events)", sourceLocation: sourceLocation)
        #expect(events.first?.summary == "Flight UA 110 · SFO → JFK", "\(events)", sourceLocation: sourceLocation)
        #expect(events.first?.start == ";TZID=America/Los_Angeles:20300615T080500", "\(events)", sourceLocation: sourceLocation)
        #expect(events.first?.status != "CANCELLED", "\(events)", sourceLocation: sourceLocation)
        #expect(events.first?.bookedBy == "united.com", "\(events)", sourceLocation: sourceLocation)
    }

    /// A forger's version of the booking: its cancellation, later than the booking.
    static func cancellation(_ id: String, from: String = "United <reservations@united.com>") -> Mail {
        Mail(from: from, status: "ReservationCancelled", date: "Wed, 05 Jun 2030 10:00:00 +0000", messageID: "\(id)@forged.example")
    }

    /// A forger's version of the booking: the flight moved two hours earlier.
    static func move(_ id: String, from: String = "United <reservations@united.com>") -> Mail {
        Mail(from: from, departure: "06:05", date: "Wed, 05 Jun 2030 10:00:00 +0000", messageID: "\(id)@forged.example")
    }

    // MARK: - 1. Doors

    @Test("doors: messages written not to look like e-mail (a Mozilla status, a campaign field, JSON, markup or a calendar first, a postmark, a BOM, Maildir names, .json/.html/.txt names) are read as e-mail and refused")
    func doors() throws {
        let keys = try Self.keys(["united.com"])
        let folder = try TemporaryFolder("forgery-doors")
        try folder.write("mail/0-booking.eml", try Self.genuineBooking(keys))
        let baseline = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("baseline.ics"), keys: keys)
        try #require(baseline.output.status == 0, "\(baseline.output.standardError)")
        Self.expectOnlyGenuineFlight(try ForgeryCorpus.validatedEvents(folder.path("baseline.ics")))

        func with(_ mail: Mail, _ change: (inout Mail) -> Void) -> String {
            var mail = mail
            change(&mail)
            return mail.text
        }
        let postmark = "From reservations@united.com Wed Jun  5 10:00:00 2030\n"
        let forged: [(name: String, text: String)] = [
            // Thunderbird's local folders start each message with its status fields.
            ("1-mozilla-status", with(Self.cancellation("d1")) { $0.fieldsOnTop = ["X-Mozilla-Status: 0001", "X-Mozilla-Status2: 00800000"]; $0.lineEnd = "\r\n" }),
            ("2-campaign.txt", with(Self.move("d2")) { $0.fieldsOnTop = ["X-Campaign_ID: summer-2030"] }),
            // A first field whose name is JSON, markup or an array: a message all the same.
            ("3-json-first-field.json", with(Self.cancellation("d3")) { $0.fieldsOnTop = [#"{"@context": "http://schema.org", "@type": "FlightReservation"}"#] }),
            ("4-markup-first-field.html", with(Self.cancellation("d4")) { $0.fieldsOnTop = ["<html>: forged", "<meta>: charset=utf-8"] }),
            ("5-array-first-field.jsonld", with(Self.move("d5")) { $0.fieldsOnTop = [#"["reservation"]: 1"#] }),
            ("6-calendar-first.ics", with(Self.cancellation("d6")) { $0.fieldsOnTop = ["BEGIN:VCALENDAR"] }),
            // An mbox of one, without extension, and a postmark with no field after it.
            ("7-postmark", postmark + Self.cancellation("d7").text),
            ("8-postmark-only.eml", postmark + Self.cancellation("d8").text.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")),
            // A byte-order mark, blank lines, white space: nothing a header starts with.
            ("9a-bom.eml", "\u{FEFF}" + Self.cancellation("d9a").text),
            ("9b-blank-lines.eml", "\n\r\n" + Self.cancellation("d9b").text),
            ("9c-bom-blank-lines-and-spaces.eml", "\u{FEFF}\n\r\n  " + Self.cancellation("d9c").text),
            // Maildir entries: no extension, the flags after a colon.
            ("Maildir/cur/1717581600.M1P4242.mailhost:2,S", Self.cancellation("d10").text),
            ("Maildir/new/1717581601.M2P4242.mailhost", with(Self.move("d11")) { $0.lineEnd = "\r\n" }),
            ("Maildir/cur/1717581602.M3P4242.mailhost,S=2048:2,RS", with(Self.cancellation("d12")) { $0.fieldsOnTop = ["X-Campaign_ID: 7"] }),
            // Plain messages under the names of other formats.
            ("13-cancellation.json", Self.cancellation("d13").text),
            ("14-page.html", with(Self.cancellation("d14")) { $0.lineEnd = "\r\n" }),
            ("15-nameless-first-field", with(Self.cancellation("d15")) { $0.fieldsOnTop = [": nameless"] }),
            // A new booking, under a name no reader takes by its extension.
            ("16-new-booking.txt", Mail(number: "FAKE16", service: "916", messageID: "d16@forged.example").text),
        ]
        for (name, text) in forged { try folder.write("mail/\(name)", text) }
        #expect(forged.count >= 8)

        // What is no message after all (a postmark and no header) is reported as such (`invalid`);
        // a BOM, blank lines and white space before a message are passed over, and it is refused
        // for its sender like any other.
        let unreadable: Set = ["8-postmark-only.eml"]
        let empty: Set<String> = []

        let feed = folder.path("forged.ics")
        let run = try ForgeryCorpus.generate([folder.path("mail")], feed: feed, keys: keys)
        #expect(run.output.status == 1, "the run reports the inputs it could not read: \(run.output.standardError)")
        Self.expectOnlyGenuineFlight(try ForgeryCorpus.validatedEvents(feed))
        #expect(run.text == baseline.text, "the feed is the genuine mail's alone, byte for byte")

        let codes = ForgeryCorpus.senderCodes(try ForgeryCorpus.lint([folder.path("mail")], keys: keys), also: ["invalid"])
        var expected: [String: [String]] = [:]
        for (name, _) in forged where !empty.contains(name) {
            let file = (name as NSString).lastPathComponent
            // An mbox's message is named by its number.
            expected[name == "7-postmark" ? file + "#1" : file] = [unreadable.contains(name) ? "invalid" : "unverified-sender"]
        }
        #expect(codes == expected, "\(codes)")
    }

    @Test("a file whose only header field looks like markup, then a blank line, is a message, not a page: the forged message below it is refused; delivered by a server too")
    func markupOnlyHeader() throws {
        let keys = try Self.keys(["united.com"])
        let folder = try TemporaryFolder("forgery-markup-header")
        try folder.write("mail/0-booking.eml", try Self.genuineBooking(keys))
        let baseline = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("baseline.ics"), keys: keys)
        try #require(baseline.output.status == 0, "\(baseline.output.standardError)")
        // `<html>` is a field name RFC 5322 allows; the blank line ends the header, and the
        // forger's whole message, its cancellation's markup in it, is the body. Were it read as the
        // person's own page, its modifiedTime would make it the booking's newest source.
        var cancellation = Self.cancellation("h1")
        cancellation.modifiedTime = "2030-06-05T10:00:00Z"
        let forged = "<html>: x\n\n" + cancellation.text
        try folder.write("mail/Maildir/cur/1717581600.M1P4242.mailhost:2,S", forged)
        let run = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("forged.ics"), keys: keys)
        #expect(run.output.status == 0, "\(run.output.standardError)")
        let events = try ForgeryCorpus.validatedEvents(folder.path("forged.ics"))
        Self.expectOnlyGenuineFlight(events)
        // The same bytes as a server delivers them, under the field it writes on top: an e-mail, refused.
        try folder.write("mail/Maildir/cur/1717581600.M1P4242.mailhost:2,S", "Delivered-To: ada@example.org\n" + forged)
        let delivered = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("delivered.ics"), keys: keys)
        #expect(delivered.output.status == 0, "\(delivered.output.standardError)")
        Self.expectOnlyGenuineFlight(try ForgeryCorpus.validatedEvents(folder.path("delivered.ics")))
        #expect(delivered.text == baseline.text)
    }

    // MARK: - 2. Server verdicts nobody's server wrote

    /// A `Received` field: `by` names the receiving host, when given.
    static func received(by host: String?, date: String = "Wed, 05 Jun 2030 10:00:01 -0700 (PDT)") -> String {
        "Received: from mta.evil.example (mta.evil.example. [198.51.100.7])\(host.map { "\n        by \($0)" } ?? "") with ESMTPS id f0rg3d;\n        \(date)"
    }

    /// A verdict in mx.google.com's name: the sender's signature passed, and DMARC.
    static let passing = "Authentication-Results: mx.google.com;\n       dkim=pass header.i=@united.com header.s=s1; dmarc=pass (p=REJECT) header.from=united.com"

    @Test("server verdicts nobody's server wrote: mx.google.com's word, trusted, counts only in its own topmost field beside its own Received, outside comments and quoted strings, never inside an attachment or against dmarc=fail")
    func serverVerdicts() throws {
        let keys = try Self.keys(["united.com", "gmail.com"])
        let folder = try TemporaryFolder("forgery-servers")
        let options = ["--trust-authserv", "mx.google.com"]
        // A server's word is taken for mail a mailbox holds (an IMAP folder, a Takeout's mbox), as
        // the provider delivered it: each message below is an mbox of its own.
        func mailbox(_ name: String, _ text: String) throws {
            let file = try folder.write("mail/\(name)", text)
            try ForgeryCorpus.mbox(folder.path("box/\((name as NSString).deletingPathExtension).mbox"), of: [file])
        }
        try FileManager.default.createDirectory(atPath: folder.path("box"), withIntermediateDirectories: true)
        try folder.write("box/0-booking.eml", try Self.genuineBooking(keys))
        // Control: a confirmation whose key was rotated since, vouched for by Gmail's own fields.
        let rotated = try DKIMTestKeys()
        try rotated.make(selector: "2029", domain: "united.com")
        let vouched = try rotated.sign(Mail(number: "GMAIL1", service: "771", messageID: "vouched@united.com").text, selector: "2029", domain: "united.com")
        try mailbox("00-vouched.eml", TrustedSenderTests.gmailArrival("dkim=pass header.i=@united.com header.s=2029; dmarc=pass (p=REJECT) header.from=united.com") + vouched)
        let baseline = try ForgeryCorpus.generate([folder.path("box")], feed: folder.path("baseline.ics"), keys: keys, options: options)
        try #require(baseline.output.status == 0, "\(baseline.output.standardError)")
        let baselineEvents = try ForgeryCorpus.validatedEvents(folder.path("baseline.ics"))
        #expect(baselineEvents.map(\.summary).sorted() == ["Flight UA 110 · SFO → JFK", "Flight UA 771 · SFO → JFK"], "the vouched control is taken")
        // The same bytes as a loose file, which anyone may have written, fields and all: its
        // signature alone counts, and its key is gone.
        let loose = try ForgeryCorpus.lint([folder.path("mail/00-vouched.eml")], keys: keys, options: options)
        #expect(loose.first { $0.code == "unverified-sender" }?.message.contains("its DKIM signature by united.com does not verify (its key was not found)") == true, "\(loose)")

        func layout(_ fields: [String], _ mail: Mail) -> String { fields.joined(separator: "\n") + "\n" + mail.text }
        let gmail = Self.received(by: "mx.google.com")
        let forgedAttachment = layout([Self.received(by: "2002:a05:7300:1234::1"), gmail, Self.passing], Self.cancellation("s9"))
        let forged: [(name: String, text: String)] = [
            ("01-no-received.eml", layout([Self.passing], Self.cancellation("s1"))),
            ("02-under-ip.eml", layout([Self.received(by: "192.0.2.7"), Self.passing], Self.cancellation("s2"))),
            ("03-under-bracketed-ip.eml", layout([Self.received(by: "[203.0.113.9]"), Self.passing], Self.move("s3"))),
            ("04-under-lan-host.eml", layout([Self.received(by: "mail.home.lan"), Self.passing], Self.cancellation("s4"))),
            ("05-under-no-host.eml", layout([Self.received(by: nil), Self.passing], Self.cancellation("s5"))),
            ("06-under-another-org.eml", layout([Self.received(by: "mx.attacker.net"), Self.passing], Self.cancellation("s6"))),
            ("07-under-look-alike.eml", layout([Self.received(by: "mx.google.com.evil.example"), Self.passing], Self.move("s7"))),
            ("08-received-by-in-comment.eml", layout(["Received: from x (by mx.google.com) by mx.evil.example; Wed, 05 Jun 2030 10:00:01 -0700", Self.passing], Self.cancellation("s8"))),
            // Gmail's layout, but inside a forwarded message a friend's signature carries.
            ("09-inside-attachment.eml", try keys.sign(ForgeryCorpus.forwarding(forgedAttachment, from: "Bob <bob@gmail.com>"), selector: "s1", domain: "gmail.com")),
            // Gmail's own field, where the passing words are a comment or a quoted string.
            ("10-pass-in-comment.eml", layout([gmail, "Authentication-Results: mx.google.com;\n       dkim=none (dkim=pass header.d=united.com; dmarc=pass header.from=united.com); spf=pass smtp.mailfrom=evil.example"], Self.cancellation("s10"))),
            ("11-pass-in-quoted-string.eml", layout([gmail, #"Authentication-Results: mx.google.com; spf=pass smtp.mailfrom="x;dkim=pass header.d=united.com"@evil.example; dkim=none reason="dkim=pass header.d=united.com; dmarc=pass header.from=united.com""#], Self.cancellation("s11"))),
            // A passing copy below Gmail's genuine failing verdict.
            ("12-copy-below-failing.eml", layout([gmail, "Authentication-Results: mx.google.com; dkim=none; dmarc=fail (p=REJECT) header.from=united.com", Self.passing], Self.cancellation("s12"))),
            ("13-pass-with-dmarc-fail.eml", layout([gmail, "Authentication-Results: mx.google.com; dkim=pass header.d=united.com; dmarc=fail (p=REJECT) header.from=united.com"], Self.cancellation("s13"))),
            // Gmail's layout below a stranger's server: someone else wrote all of it. (A host under
            // `.example`, which nobody can register, would count as one of the server's own machines.)
            ("14-foreign-server-above.eml", layout([Self.received(by: "mx.attacker.net"), gmail, Self.passing], Self.cancellation("s14"))),
            ("15-pass-for-another-domain.eml", layout([gmail, "Authentication-Results: mx.google.com; dkim=pass header.d=evil.example; dmarc=pass header.from=evil.example"], Self.cancellation("s15"))),
        ]
        for (name, text) in forged { try mailbox(name, text) }

        let feed = folder.path("forged.ics")
        let run = try ForgeryCorpus.generate([folder.path("box")], feed: feed, keys: keys, options: options)
        #expect(run.output.status == 0, "\(run.output.standardError)")
        #expect(try ForgeryCorpus.validatedEvents(feed) == baselineEvents)
        #expect(run.text == baseline.text, "the feed is the genuine mail's alone, byte for byte")

        let findings = try ForgeryCorpus.lint([folder.path("box")], keys: keys, options: options)
        let codes = ForgeryCorpus.senderCodes(findings)
        let boxed = { (name: String) in (name as NSString).deletingPathExtension + ".mbox#1" }
        #expect(codes == Dictionary(uniqueKeysWithValues: forged.map { (boxed($0.name), ["unverified-sender"]) }), "\(codes)")
        func reason(_ name: String) -> String {
            findings.first { $0.file.hasSuffix("/" + (name as NSString).deletingPathExtension + ".mbox") && $0.code == "unverified-sender" }?.message ?? ""
        }
        #expect(reason("12-copy-below-failing.eml").contains("mx.google.com found on its arrival that it did not pass (dkim=none, dmarc=fail)"))
        #expect(reason("13-pass-with-dmarc-fail.eml").contains("mx.google.com found on its arrival that it did not pass (dkim=pass, dmarc=fail)"))
        #expect(reason("10-pass-in-comment.eml").contains("did not pass (dkim=none)"), "\(reason("10-pass-in-comment.eml"))")
        #expect(reason("01-no-received.eml").contains("it has no DKIM signature"))
    }

    // MARK: - 3. Anyone's signature changing anyone's booking

    @Test("anyone's signature changing anyone's booking: a stranger, a mailing list, a relay or another tenant changes or cancels nothing united.com booked, in the same run or a later one, trusted or not, whatever its modifiedTime")
    func otherOrganizations() throws {
        let keys = try Self.keys([
            "united.com", "evil.example", "groups.io", "googlegroups.com", "privaterelay.appleid.com", "duck.com", "booking.com",
            "fabrikam.onmicrosoft.com", "contoso.onmicrosoft.com",
        ])
        let folder = try TemporaryFolder("forgery-others")
        try folder.write("booking/0-booking.eml", try Self.genuineBooking(keys))
        func signed(_ mail: Mail, _ domain: String) throws -> String {
            var mail = mail
            mail.modifiedTime = "2099-12-31T23:59:59Z"
            return try keys.sign(mail.text, selector: "s1", domain: domain)
        }
        let forged: [(name: String, text: String, organization: String?)] = [
            ("01-evil-cancels.eml", try signed(Self.cancellation("o1", from: "Trips <trips@evil.example>"), "evil.example"), "evil.example"),
            ("02-evil-moves.eml", try signed(Self.move("o2", from: "Trips <trips@mail.evil.example>"), "evil.example"), "evil.example"),
            ("03-groups-io-cancels.eml", try signed(Self.cancellation("o3", from: "Travel list <travel@groups.io>"), "groups.io"), nil),
            ("04-google-group-moves.eml", try signed(Self.move("o4", from: "Trip planning <trips@googlegroups.com>"), "googlegroups.com"), nil),
            ("05-apple-relay-cancels.eml", try signed(Self.cancellation("o5", from: "x7q2ab9z@privaterelay.appleid.com"), "privaterelay.appleid.com"), nil),
            ("06-duck-relay-moves.eml", try signed(Self.move("o6", from: "quiet-otter@duck.com"), "duck.com"), nil),
            ("07-booking-guest-alias-cancels.eml", try signed(Self.cancellation("o7", from: "Guest <ada.k7p2qx@guest.booking.com>"), "booking.com"), nil),
            ("08-tenant-cancels.eml", try signed(Self.cancellation("o8", from: "United <reservations@fabrikam.onmicrosoft.com>"), "fabrikam.onmicrosoft.com"), "fabrikam.onmicrosoft.com"),
            ("09-other-tenant-moves.eml", try signed(Self.move("o9", from: "United <noreply@contoso.onmicrosoft.com>"), "contoso.onmicrosoft.com"), "contoso.onmicrosoft.com"),
            ("10-evil-cancels-later.eml", try signed(Mail(from: "Trips <trips@evil.example>", status: "ReservationCancelled", date: "Fri, 21 Jun 2030 10:00:00 +0000", messageID: "o10@forged.example"), "evil.example"), "evil.example"),
        ]
        for (name, text, _) in forged { try folder.write("forged/\(name)", text) }
        let lists = Set(forged.filter { $0.organization == nil }.map(\.name))
        let strangers = forged.filter { $0.organization != nil }
        // A tenant of onmicrosoft.com is an organization of its own (SharedAddressDomains), and,
        // since anyone can make one, a free-mail address (SpamAssassin's `*.onmicrosoft.com`) unless
        // the person names that very tenant: refused either way here, as `unverified-sender`.
        let tenants = Set(strangers.filter { $0.organization?.hasSuffix(".onmicrosoft.com") == true }.map(\.name))

        for trust in [[], ["--trust-verified"]] {
            // The same run: the booking and the forgeries read together.
            let baseline = try ForgeryCorpus.generate([folder.path("booking")], feed: folder.path("baseline\(trust.count).ics"), keys: keys, options: trust)
            try #require(baseline.output.status == 0, "\(baseline.output.standardError)")
            Self.expectOnlyGenuineFlight(try ForgeryCorpus.validatedEvents(folder.path("baseline\(trust.count).ics")))
            let together = try ForgeryCorpus.generate(
                [folder.path("booking"), folder.path("forged")], feed: folder.path("together\(trust.count).ics"), keys: keys, options: trust)
            #expect(together.output.status == 0, "\(together.output.standardError)")
            Self.expectOnlyGenuineFlight(try ForgeryCorpus.validatedEvents(folder.path("together\(trust.count).ics")))
            #expect(together.text == baseline.text, "\(trust): the feed is the genuine mail's alone, byte for byte")

            let findings = try ForgeryCorpus.lint([folder.path("booking"), folder.path("forged")], keys: keys, options: trust)
            var codes = ForgeryCorpus.senderCodes(findings)
            for name in tenants {
                let code = codes.removeValue(forKey: name)
                #expect(code == ["unverified-sender"] || code == [trust.isEmpty ? "unknown-sender" : "other-sender"], "\(name): \(code ?? [])")
            }
            var expected: [String: [String]] = [:]
            for name in lists { expected[name] = ["unverified-sender"] }
            if trust.isEmpty {
                // A verified stranger is named once a run, at its first message, with the option that would believe it.
                for organization in Set(strangers.filter { !tenants.contains($0.name) }.compactMap(\.organization)) {
                    expected[strangers.first { $0.organization == organization }!.name] = ["unknown-sender"]
                    let said = findings.filter { $0.code == "unknown-sender" && $0.message.contains("from \(organization),") }
                    let count = strangers.filter { $0.organization == organization }.count
                    #expect(said.count == 1, "\(organization): \(said)")
                    #expect(said.first?.message.hasPrefix(count == 1 ? "1 message with bookings" : "\(count) messages with bookings") == true, "\(said)")
                    #expect(said.first?.message.contains("--trust-sender \(organization)") == true, "\(said)")
                }
            } else {
                // Believed as the person asked, and still not let near another's booking.
                for (name, _, _) in strangers where !tenants.contains(name) { expected[name] = ["other-sender"] }
                for finding in findings where finding.code == "other-sender" {
                    #expect(finding.message.contains("which mail from united.com made: not applied"), "\(finding.message)")
                }
            }
            #expect(codes == expected, "\(trust): \(codes)")

            // A later run: the feed united.com's mail made, and the forgeries alone.
            let later = folder.path("later\(trust.count).ics")
            try FileManager.default.copyItem(atPath: folder.path("baseline\(trust.count).ics"), toPath: later)
            let alone = try ForgeryCorpus.generate([folder.path("forged")], feed: later, keys: keys, options: trust)
            #expect(alone.output.status == 0, "\(trust): \(alone.output.standardError)")
            #expect(alone.text == baseline.text, "\(trust): the feed kept its bytes")
            #expect(alone.output.standardError.contains("0 added, 0 updated, 0 cancelled, 0 removed, 1 unchanged"), "\(alone.output.standardError)")
            #expect(
                alone.output.standardError.contains("warning: the event Flight UA 110 · SFO → JFK is kept as it was"),
                "\(trust): \(alone.output.standardError)")
            if !trust.isEmpty {
                let refusals = alone.output.standardError.split(separator: "\n").filter { $0.contains("which mail from united.com made: not applied") }
                #expect(refusals.count >= strangers.count - tenants.count, "\(alone.output.standardError)")
            }
        }
    }

    @Test("a stranger cannot make itself the maker of united.com's booking by dating its own mail first (--trust-verified)")
    func strangerClaimsToHaveMadeTheBooking() throws {
        let keys = try Self.keys(["united.com", "evil.example"])
        let folder = try TemporaryFolder("forgery-maker")
        try folder.write("mail/0-booking.eml", try Self.genuineBooking(keys))
        let baseline = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("baseline.ics"), keys: keys, options: ["--trust-verified"])
        try #require(baseline.output.status == 0, "\(baseline.output.standardError)")
        // An earlier "booking" of the same number, its old Date signed, then the cancellation.
        let first = Mail(from: "Trips <trips@evil.example>", departure: "07:05", date: "Wed, 01 Jan 2020 10:00:00 +0000", messageID: "m1@evil.example")
        try folder.write("mail/1-evil-books-first.eml", try keys.sign(first.text, selector: "s1", domain: "evil.example"))
        try folder.write("mail/2-evil-cancels.eml", try keys.sign(Self.cancellation("m2", from: "Trips <trips@evil.example>").text, selector: "s1", domain: "evil.example"))
        let run = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("forged.ics"), keys: keys, options: ["--trust-verified"])
        #expect(run.output.status == 0, "\(run.output.standardError)")
        let events = try ForgeryCorpus.validatedEvents(folder.path("forged.ics"))
        // The stranger's signed Date of 2020 makes its "booking" the oldest source, but a known
        // sender's word on who made a booking outweighs a stranger's: united.com made it, and the
        // stranger's mail changes nothing of it.
        let codes = ForgeryCorpus.senderCodes(try ForgeryCorpus.lint([folder.path("mail")], keys: keys, options: ["--trust-verified"]))
        Self.expectOnlyGenuineFlight(events)
        #expect(run.text == baseline.text, "\(events)\n\(run.output.standardError)")
        // Both of the stranger's messages are refused, and said.
        #expect(codes == ["1-evil-books-first.eml": ["other-sender"], "2-evil-cancels.eml": ["other-sender"]], "\(codes)")
        // Nor does one old-dated cancellation make the stranger the remembered maker
        // (X-RESERVATION-FEED-BOOKED-BY), whose next cancellation a later run would apply.
        try folder.write("one/0-booking.eml", try Self.genuineBooking(keys))
        let oldCancellation = Mail(from: "Trips <trips@evil.example>", status: "ReservationCancelled", date: "Wed, 01 Jan 2020 10:00:00 +0000", messageID: "m3@evil.example")
        try folder.write("one/1-evil-cancels-long-ago.eml", try keys.sign(oldCancellation.text, selector: "s1", domain: "evil.example"))
        let taken = try ForgeryCorpus.generate([folder.path("one")], feed: folder.path("one.ics"), keys: keys, options: ["--trust-verified"])
        #expect(taken.output.status == 0, "\(taken.output.standardError)")
        let kept = try ForgeryCorpus.validatedEvents(folder.path("one.ics"))
        Self.expectOnlyGenuineFlight(kept)
        try folder.write("one/2-evil-cancels-now.eml", try keys.sign(Self.cancellation("m4", from: "Trips <trips@evil.example>").text, selector: "s1", domain: "evil.example"))
        _ = try ForgeryCorpus.generate([folder.path("one")], feed: folder.path("one.ics"), keys: keys, options: ["--trust-verified"])
        let next = try ForgeryCorpus.validatedEvents(folder.path("one.ics"))
        Self.expectOnlyGenuineFlight(next)

        // In a later run, the feed remembers united.com as the maker, and the same mail is refused.
        try FileManager.default.copyItem(atPath: folder.path("baseline.ics"), toPath: folder.path("later.ics"))
        let later = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("later.ics"), keys: keys, options: ["--trust-verified"])
        #expect(later.output.status == 0, "\(later.output.standardError)")
        Self.expectOnlyGenuineFlight(try ForgeryCorpus.validatedEvents(folder.path("later.ics")))
        #expect(later.text == baseline.text, "\(later.output.standardError)")
    }

    // MARK: - 4. Replays

    @Test("replays: united.com's old confirmation, whose signature leaves Date out, re-sent with a newer, missing or doubled Date or later arrival fields, never wins over its later change, in any order, in one run or a later one")
    func replays() throws {
        let keys = try Self.keys(["united.com"])
        let folder = try TemporaryFolder("forgery-replays")
        let options = ["--trust-authserv", "mx.google.com"]
        let unsignedDate = ["from", "to", "subject", "message-id", "mime-version", "content-type"]
        let old = try keys.sign(Mail(messageID: "old@united.com").text, selector: "s1", domain: "united.com", headers: unsignedDate)
        #expect(!old.contains("date :") && !old.contains(": date"), "the signature leaves Date out")
        let change = try keys.sign(
            Mail(departure: "09:15", date: "Wed, 05 Jun 2030 10:00:00 +0000", messageID: "change@united.com").text, selector: "s1", domain: "united.com")
        let oldDate = "Date: Mon, 03 Jun 2030 10:00:00 +0000"
        func redated(_ replacement: String) -> String { old.replacingOccurrences(of: oldDate, with: replacement) }
        let arrival = Self.received(by: "mx.google.com", date: "Thu, 20 Jun 2030 10:00:01 -0700 (PDT)")
        let replays: [(name: String, text: String, code: String?)] = [
            ("r1-newer-date.eml", redated("Date: Thu, 20 Jun 2030 10:00:00 +0000"), nil),
            ("r2-no-date.eml", redated("X-Was-Dated: no"), nil),
            ("r3-far-future-date.eml", redated("Date: Fri, 31 Dec 2099 23:59:59 +0000"), nil),
            // Date twice: one was added after signing, so the message is not believed at all.
            ("r4-two-dates.eml", "Date: Thu, 20 Jun 2030 10:00:00 +0000\n" + redated("Date: Thu, 20 Jun 2030 10:00:00 +0000"), "unverified-sender"),
            ("r5-resent.eml", "Resent-Date: Thu, 20 Jun 2030 10:00:00 +0000\nResent-From: reservations@united.com\n" + redated("Date: Thu, 20 Jun 2030 10:00:00 +0000"), nil),
            // Gmail's layout, written by the replayer: the signature vouches, and it does not sign Date.
            ("r6-forged-arrival.eml", arrival + "\n" + Self.passing + "\n" + redated("Date: Thu, 20 Jun 2030 10:00:00 +0000"), nil),
            ("r7-later-received-chain.eml", Self.received(by: "mx.evil.example", date: "Thu, 20 Jun 2030 10:00:01 +0000") + "\n" + redated("Date: Thu, 20 Jun 2030 10:00:00 +0000"), nil),
            ("r8-numeric-zone-date.eml", redated("Date: Thu, 20 Jun 2030 23:00:00 -1200"), nil),
            // A confirmation whose signature does sign Date cannot be re-dated at all.
            ("r9-signed-date-redated.eml", try Self.genuineBooking(keys).replacingOccurrences(of: oldDate, with: "Date: Thu, 20 Jun 2030 10:00:00 +0000"), "unverified-sender"),
        ]
        #expect(Set(replays.map(\.text)).count == replays.count)

        func expectChangeWins(_ feed: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let events = try ForgeryCorpus.validatedEvents(feed, sourceLocation: sourceLocation)
            #expect(events.map(\.start) == [";TZID=America/Los_Angeles:20300615T091500"], "\(context): \(events)", sourceLocation: sourceLocation)
            #expect(events.allSatisfy { $0.status != "CANCELLED" && $0.bookedBy == "united.com" }, "\(context): \(events)", sourceLocation: sourceLocation)
        }
        // The change read first, then every replay; and every replay first, then the change.
        for (index, order) in [("0-change.eml", "9-"), ("z-change.eml", "0-")].enumerated() {
            let mail = "mail\(index)"
            try folder.write("\(mail)/\(order.0)", change)
            for replay in replays { try folder.write("\(mail)/\(order.1)\(replay.name)", replay.text) }
            let run = try ForgeryCorpus.generate([folder.path(mail)], feed: folder.path("\(mail).ics"), keys: keys, options: options)
            #expect(run.output.status == 0, "\(run.output.standardError)")
            try expectChangeWins(folder.path("\(mail).ics"), "the change named \(order.0)")
            let codes = ForgeryCorpus.senderCodes(try ForgeryCorpus.lint([folder.path(mail)], keys: keys, options: options))
            let expected = Dictionary(uniqueKeysWithValues: replays.compactMap { replay in replay.code.map { ("\(order.1)\(replay.name)", [$0]) } })
            #expect(codes == expected, "\(codes)")
        }
        // An mbox export, the change its first message and its last.
        var files: [String] = []
        for replay in replays { files.append(try folder.write("box/\(replay.name)", replay.text)) }
        let changeFile = try folder.write("box/change.eml", change)
        for (index, order) in [[changeFile] + files, files + [changeFile]].enumerated() {
            let box = folder.path("export\(index).mbox")
            try ForgeryCorpus.mbox(box, of: order)
            let run = try ForgeryCorpus.generate([box], feed: folder.path("export\(index).ics"), keys: keys, options: options)
            #expect(run.output.status == 0, "\(run.output.standardError)")
            try expectChangeWins(folder.path("export\(index).ics"), "the change message \(index == 0 ? 1 : order.count) of the mbox")
        }
        // A later run: the feed has the change; the replays arrive.
        try folder.write("later/1-old.eml", old)
        try folder.write("later/2-change.eml", change)
        let first = try ForgeryCorpus.generate([folder.path("later")], feed: folder.path("later.ics"), keys: keys, options: options)
        try #require(first.output.status == 0, "\(first.output.standardError)")
        try expectChangeWins(folder.path("later.ics"), "before the replays")
        for replay in replays { try folder.write("later/3-\(replay.name)", replay.text) }
        let second = try ForgeryCorpus.generate([folder.path("later")], feed: folder.path("later.ics"), keys: keys, options: options)
        #expect(second.output.status == 0, "\(second.output.standardError)")
        #expect(second.text == first.text, "the feed kept its bytes: \(second.output.standardError)")
    }

    // MARK: - 5. Any signer is a vendor

    @Test("any signer is a vendor: mail that calls itself United, validly signed by its own stranger's domain, with check-in links, makes no event unless any verified sender is believed, and is named once per organization")
    func strangersPosingAsVendors() throws {
        let keys = try Self.keys(["united.com", "evil.example", "mail.evil.example", "xn--unted-o2e.com"])
        try keys.make(selector: "e1", domain: "evil.example", kind: .ed25519)
        let folder = try TemporaryFolder("forgery-vendors")
        try folder.write("mail/0-booking.eml", try Self.genuineBooking(keys))
        let links = #"<p><a href="https://evil.example/united/check-in?pnr=K7P2QX">Check in now</a> · <a href="https://evil.example/united/seat">Choose your seat</a></p>"#
        func posing(_ number: String, from: String = "United Airlines <support@evil.example>", service: String, status: String = "ReservationConfirmed", departure: String = "08:05", kind: Mail.Kind = .flight, onTop: [String] = []) -> Mail {
            Mail(kind: kind, from: from, number: number, status: status, departure: departure, service: service, date: "Wed, 05 Jun 2030 10:00:00 +0000", messageID: "\(number)-\(service)@evil.example", html: links, fieldsOnTop: onTop)
        }
        let forged: [(name: String, text: String, organization: String)] = [
            ("01-new-flight.eml", try keys.sign(posing("EVL001", service: "901").text, selector: "s1", domain: "evil.example"), "evil.example"),
            ("02-cancels-booking.eml", try keys.sign(posing("K7P2QX", service: "110", status: "ReservationCancelled").text, selector: "s1", domain: "evil.example"), "evil.example"),
            ("03-moves-booking.eml", try keys.sign(posing("K7P2QX", service: "110", departure: "06:05").text, selector: "s1", domain: "evil.example"), "evil.example"),
            ("04-address-as-name.eml", try keys.sign(posing("EVL004", from: #""reservations@united.com" <noreply@evil.example>"#, service: "904").text, selector: "s1", domain: "evil.example"), "evil.example"),
            ("05-subdomain-signs.eml", try keys.sign(posing("EVL005", from: "United Airlines <support@mail.evil.example>", service: "905").text, selector: "s1", domain: "mail.evil.example"), "evil.example"),
            ("06-united-as-subdomain.eml", try keys.sign(posing("EVL006", from: "United <reservations@united.com.evil.example>", service: "906").text, selector: "s1", domain: "evil.example"), "evil.example"),
            ("07-sender-and-reply-to-united.eml", try keys.sign(posing("EVL007", service: "907", onTop: ["Sender: reservations@united.com", "Reply-To: reservations@united.com"]).text, selector: "s1", domain: "evil.example"), "evil.example"),
            ("08-ed25519.eml", try keys.sign(posing("EVL008", service: "908").text, selector: "e1", domain: "evil.example", kind: .ed25519), "evil.example"),
            ("09-train.eml", try keys.sign(posing("EVL009", from: "DB Fernverkehr <buchung@evil.example>", service: "909", kind: .train).text, selector: "s1", domain: "evil.example"), "evil.example"),
            ("10-stay.eml", try keys.sign(posing("EVL010", from: "Booking.com <noreply@evil.example>", service: "910", kind: .stay).text, selector: "s1", domain: "evil.example"), "evil.example"),
            // An internationalized look-alike of united.com (a Cyrillic і), with its own key.
            ("11-look-alike-idn.eml", try keys.sign(posing("EVL011", from: "United <reservations@unіted.com>", service: "911").text, selector: "s1", domain: "xn--unted-o2e.com"), "xn--unted-o2e.com"),
        ]
        for (name, text, _) in forged { try folder.write("mail/\(name)", text) }
        let baseline = try ForgeryCorpus.generate([folder.path("mail/0-booking.eml")], feed: folder.path("baseline.ics"), keys: keys)
        try #require(baseline.output.status == 0, "\(baseline.output.standardError)")

        let run = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("forged.ics"), keys: keys)
        #expect(run.output.status == 0, "\(run.output.standardError)")
        Self.expectOnlyGenuineFlight(try ForgeryCorpus.validatedEvents(folder.path("forged.ics")))
        #expect(run.text == baseline.text, "the feed is the genuine mail's alone, byte for byte")
        let findings = try ForgeryCorpus.lint([folder.path("mail")], keys: keys)
        let codes = ForgeryCorpus.senderCodes(findings)
        #expect(codes == ["01-new-flight.eml": ["unknown-sender"], "11-look-alike-idn.eml": ["unknown-sender"]], "\(codes)")
        let named = findings.filter { $0.code == "unknown-sender" }.map(\.message)
        let posers = forged.filter { $0.organization == "evil.example" }.count
        #expect(named.contains { $0.hasPrefix("\(posers) messages with bookings from evil.example, whose signature verifies but which is not a known booking sender") }, "\(named)")
        #expect(named.contains { $0.hasPrefix("1 message with bookings from xn--unted-o2e.com,") }, "\(named)")

        // Believing any verified sender, as asked: their own bookings count, united.com's stays united.com's.
        let trusting = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("trusting.ics"), keys: keys, options: ["--trust-verified"])
        #expect(trusting.output.status == 0, "\(trusting.output.standardError)")
        let events = try ForgeryCorpus.validatedEvents(folder.path("trusting.ics"))
        let united = events.filter { $0.summary.contains("UA 110") }
        Self.expectOnlyGenuineFlight(united)
        #expect(events.count == forged.count - 2 + 1, "\(events)")
        let refused = try ForgeryCorpus.lint([folder.path("mail")], keys: keys, options: ["--trust-verified"])
        #expect(ForgeryCorpus.senderCodes(refused) == ["02-cancels-booking.eml": ["other-sender"], "03-moves-booking.eml": ["other-sender"]], "\(refused)")
    }

    // MARK: - 6. RFC 6376

    @Test("RFC 6376: a key in testing mode, l= with markup after it, an expired or future signature, a misaligned signer, ten broken signatures, rsa-sha1 make nothing count; a genuine message under ten broken signatures still does")
    func rfc6376() throws {
        let keys = try Self.keys(["united.com", "evil.example", "united.com.evil.example", "united.co"])
        try keys.make(selector: "test", domain: "united.com", testing: true)
        // The forger's own keys for united.com and ten other domains: nobody published them.
        let forger = try DKIMTestKeys()
        for index in 0..<10 {
            try forger.make(selector: "f\(index)", domain: "united.com", kind: .ed25519)
            try forger.make(selector: "f\(index)", domain: "list\(index).example", kind: .ed25519)
        }
        /// The message under ten signatures of the forger's keys (each another key to look up).
        func underTenBroken(_ message: String, domain: (Int) -> String = { _ in "united.com" }) throws -> String {
            var signed = message
            for index in 0..<10 { signed = try forger.sign(signed, selector: "f\(index)", domain: domain(index), kind: .ed25519) }
            return signed
        }
        let folder = try TemporaryFolder("forgery-rfc6376")
        let now = Int64(Date().timeIntervalSince1970)
        try folder.write("mail/0-booking.eml", try Self.genuineBooking(keys))
        // Controls: genuine mail under ten broken signatures, united.com's (the forger's keys) or a stranger's.
        try folder.write(
            "mail/00-ten-strangers-then-genuine.eml",
            try underTenBroken(
                try keys.sign(Mail(number: "GOOD02", service: "702", messageID: "good02@united.com").text, selector: "s1", domain: "united.com"),
                domain: { "list\($0).example" }))
        try folder.write(
            "mail/00-ten-forged-then-genuine.eml",
            try underTenBroken(try keys.sign(Mail(number: "GOOD01", service: "701", messageID: "good01@united.com").text, selector: "s1", domain: "united.com")))

        let appendedCancellation = "<script type=\"application/ld+json\">" + Self.cancellation("x").markup.replacingOccurrences(of: "\n", with: " ") + "</script>\r\n"
        let forged: [(name: String, text: String, reason: String)] = [
            ("01-testing-key.eml", try keys.sign(Self.cancellation("r1").text, selector: "test", domain: "united.com"), "testing mode (t=y)"),
            ("02-length-then-cancellation.eml", try keys.sign(Mail(messageID: "r2@united.com").text, selector: "s1", domain: "united.com", length: true) + appendedCancellation, "covers only the start of the body (l=)"),
            ("03-length-then-new-booking.eml", try keys.sign(Mail(messageID: "r3@united.com").text, selector: "s1", domain: "united.com", length: true) + "<script type=\"application/ld+json\">" + Mail(number: "FAKE03", service: "903").markup.replacingOccurrences(of: "\n", with: " ") + "</script>\r\n", "covers only the start of the body (l=)"),
            ("04-expired.eml", try keys.sign(Self.cancellation("r4").text, selector: "s1", domain: "united.com", timestamp: now - 10 * 86_400, expiry: now - 86_400), "has expired (x=)"),
            ("05-dated-in-future.eml", try keys.sign(Self.cancellation("r5").text, selector: "s1", domain: "united.com", timestamp: now + 30 * 86_400), "dated in the future (t=)"),
            ("06-misaligned-stranger.eml", try keys.sign(Self.cancellation("r6").text, selector: "s1", domain: "evil.example"), "signed by evil.example, not by its sender's domain united.com"),
            ("07-misaligned-look-alike.eml", try keys.sign(Self.move("r7").text, selector: "s1", domain: "united.com.evil.example"), "signed by united.com.evil.example, not by its sender's domain united.com"),
            ("08-misaligned-other-tld.eml", try keys.sign(Self.cancellation("r8").text, selector: "s1", domain: "united.co"), "signed by united.co, not by its sender's domain united.com"),
            ("09-ten-broken.eml", try underTenBroken(Self.cancellation("r9").text), "does not verify"),
            ("10-rsa-sha1.eml", try keys.sign(Self.cancellation("r10").text, selector: "s1", domain: "united.com", algorithm: "rsa-sha1"), "its algorithm is not accepted"),
            ("11-body-changed.eml", try keys.sign(Mail(messageID: "r11@united.com").text, selector: "s1", domain: "united.com").replacingOccurrences(of: "T08:05:00", with: "T06:05:00"), "the body was changed after signing"),
            ("12-two-senders.eml", try keys.sign("From: Trips <trips@evil.example>\n" + Self.cancellation("r12").text, selector: "s1", domain: "evil.example"), "it names several senders"),
            ("13-two-addresses.eml", try keys.sign(Self.cancellation("r13", from: "reservations@united.com, trips@evil.example").text, selector: "s1", domain: "evil.example"), "it names several senders"),
        ]
        for (name, text, _) in forged { try folder.write("mail/\(name)", text) }
        let baseline = try ForgeryCorpus.generate(
            ["0-booking.eml", "00-ten-strangers-then-genuine.eml", "00-ten-forged-then-genuine.eml"].map { folder.path("mail/\($0)") },
            feed: folder.path("baseline.ics"), keys: keys)
        #expect(baseline.output.status == 0, "\(baseline.output.standardError)")
        let events = try ForgeryCorpus.validatedEvents(folder.path("baseline.ics"))
        #expect(events.contains { $0.summary == "Flight UA 702 · SFO → JFK" }, "the genuine message under ten strangers' signatures is taken: \(baseline.output.standardError)")
        // Every signature of the sender's organization is tried in the order it appears, and the
        // forger's eight first spend the eight key look-ups a message has: the genuine signature,
        // below them, is never checked.
        #expect(events.contains { $0.summary == "Flight UA 701 · SFO → JFK" }, "the genuine message under ten forged united.com signatures is taken: \(baseline.output.standardError)")

        let run = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("forged.ics"), keys: keys)
        #expect(run.output.status == 0, "\(run.output.standardError)")
        #expect(try ForgeryCorpus.validatedEvents(folder.path("forged.ics")) == events)
        #expect(run.text == baseline.text, "the feed is the genuine mail's alone, byte for byte")
        let findings = try ForgeryCorpus.lint([folder.path("mail")], keys: keys)
        var codes = ForgeryCorpus.senderCodes(findings)
        #expect(codes.removeValue(forKey: "00-ten-forged-then-genuine.eml") == nil)
        #expect(codes == Dictionary(uniqueKeysWithValues: forged.map { ($0.name, ["unverified-sender"]) }), "\(codes)")
        for (name, _, reason) in forged {
            let said = findings.first { $0.file.hasSuffix("/" + name) }?.message ?? ""
            #expect(said.contains(reason), "\(name): \(said)")
        }
    }

    // MARK: - Genuine mail

    @Test("genuine mail is taken: united.com, booking.com and bahn.de signed (LF, CRLF, Maildir names), forwarded, from one's own address, from a named organization, vouched for by a trusted provider, and from an internationalized domain")
    func genuineControls() throws {
        let keys = try Self.keys(["united.com", "booking.com", "bahn.de", "gmail.com", "agency.example", "xn--bcher-kva.example"])
        try keys.make(selector: "e1", domain: "united.com", kind: .ed25519)
        let rotated = try DKIMTestKeys()
        try rotated.make(selector: "2029", domain: "united.com")
        let folder = try TemporaryFolder("forgery-genuine")
        func united(_ number: String, _ service: String, lineEnd: String = "\n") -> Mail {
            Mail(number: number, service: service, messageID: "\(number)@united.com", lineEnd: lineEnd)
        }
        let controls: [(name: String, text: String, summary: String)] = [
            ("01-united-lf.eml", try keys.sign(united("GEN001", "201").text, selector: "s1", domain: "united.com"), "Flight UA 201 · SFO → JFK"),
            ("02-united-crlf.eml", try keys.sign(united("GEN002", "202", lineEnd: "\r\n").text, selector: "s1", domain: "united.com"), "Flight UA 202 · SFO → JFK"),
            ("Maildir/cur/1717581600.M9P77.mailhost:2,S", try keys.sign(united("GEN003", "203").text, selector: "s1", domain: "united.com"), "Flight UA 203 · SFO → JFK"),
            ("Maildir/new/1717581601.M10P77.mailhost", try keys.sign(united("GEN004", "204", lineEnd: "\r\n").text, selector: "e1", domain: "united.com", kind: .ed25519), "Flight UA 204 · SFO → JFK"),
            ("05-booking-com.eml", try keys.sign(Mail(kind: .stay, from: "Booking.com <noreply@booking.com>", number: "GEN005", service: "5", messageID: "gen005@booking.com").text, selector: "s1", domain: "booking.com"), "Hotel Norge 5"),
            ("06-bahn.eml", try keys.sign(Mail(kind: .train, from: "DB Fernverkehr <buchungsbestaetigung@bahn.de>", number: "GEN006", service: "1006", messageID: "gen006@bahn.de", lineEnd: "\r\n").text, selector: "s1", domain: "bahn.de"), "ICE 1006"),
            ("07-forwarded-by-friend.eml", try keys.sign(ForgeryCorpus.forwarding(try keys.sign(united("GEN007", "207").text, selector: "s1", domain: "united.com"), from: "Bob <bob@gmail.com>"), selector: "s1", domain: "gmail.com"), "Flight UA 207 · SFO → JFK"),
            ("08-forwarded-by-myself.eml", try keys.sign(ForgeryCorpus.forwarding(united("GEN008", "208").text, from: "Ada <ada@gmail.com>"), selector: "s1", domain: "gmail.com"), "Flight UA 208 · SFO → JFK"),
            ("09-named-agency.eml", try keys.sign(Mail(from: "Agency <trips@agency.example>", number: "GEN009", service: "209", messageID: "gen009@agency.example").text, selector: "s1", domain: "agency.example"), "Flight UA 209 · SFO → JFK"),
            ("10-provider-vouched.eml", TrustedSenderTests.gmailArrival("dkim=pass header.i=@united.com header.s=2029; dmarc=pass (p=REJECT) header.from=united.com") + (try rotated.sign(united("GEN010", "210").text, selector: "2029", domain: "united.com")), "Flight UA 210 · SFO → JFK"),
            ("11-internationalized.eml", try keys.sign(Mail(from: "Bücher Reisen <reisen@bücher.example>", number: "GEN011", service: "211", messageID: "gen011@xn--bcher-kva.example").text, selector: "s1", domain: "xn--bcher-kva.example"), "Flight UA 211 · SFO → JFK"),
        ]
        for (name, text, _) in controls where name != "10-provider-vouched.eml" { try folder.write("mail/\(name)", text) }
        // A provider's word is taken for what its mailbox holds: a Takeout's mbox.
        let vouched = try folder.write("10-provider-vouched.eml", controls.first { $0.name == "10-provider-vouched.eml" }!.text)
        try ForgeryCorpus.mbox(folder.path("mail/10-provider-vouched.mbox"), of: [vouched])
        let options = ["--trust-authserv", "mx.google.com", "--trust-sender", "agency.example", "--trust-sender", "bücher.example", "--my-address", "ada@gmail.com"]
        let run = try ForgeryCorpus.generate([folder.path("mail")], feed: folder.path("genuine.ics"), keys: keys, options: options)
        #expect(run.output.status == 0, "\(run.output.standardError)")
        let events = try ForgeryCorpus.validatedEvents(folder.path("genuine.ics"))
        #expect(events.count == controls.count, "\(events)\n\(run.output.standardError)")
        for (name, _, summary) in controls {
            #expect(events.contains { $0.summary.contains(summary) && $0.status != "CANCELLED" }, "\(name): \(events)")
        }
        #expect(!run.output.standardError.contains("not verified"), "\(run.output.standardError)")
        let codes = ForgeryCorpus.senderCodes(try ForgeryCorpus.lint([folder.path("mail")], keys: keys, options: options))
        #expect(codes.isEmpty, "\(codes)")
    }

    // MARK: - Every way in

    @Test("one forged message through every way in gives the same verdict: a file, a folder, a Maildir entry, an mbox, standard input, serve's inbox, an IMAP folder, an attachment", .timeLimit(.minutes(5)))
    func everyWayIn() throws {
        let keys = try Self.keys(["united.com", "gmail.com"])
        let folder = try TemporaryFolder("forgery-ways")
        let genuine = try folder.write("genuine.eml", try Self.genuineBooking(keys))
        let baseline = try ForgeryCorpus.generate([genuine], feed: folder.path("baseline.ics"), keys: keys)
        try #require(baseline.output.status == 0, "\(baseline.output.standardError)")
        let baselineEvents = ForgeryCorpus.events(baseline.text)
        Self.expectOnlyGenuineFlight(baselineEvents)
        let server = try IMAPTestServer()

        var plain = Self.cancellation("w1")
        plain.lineEnd = "\r\n"
        var disguised = Self.cancellation("w2")
        disguised.fieldsOnTop = [#"{"@context": "http://schema.org", "@type": "FlightReservation"}"#, "<meta>: charset=utf-8"]
        for (variant, message) in [("plain", plain.text), ("disguised", disguised.text)] {
            let work = try TemporaryFolder("forgery-way-\(variant)")
            let forged = try work.write("forged.eml", message)
            /// What one way in made of the booking, and the reason it gave.
            var verdicts: [(way: String, events: [ForgeryCorpus.Event], reasons: [String])] = []
            func generated(_ way: String, _ inputs: [String], input: Data = Data(), environment: [String: String] = [:]) throws {
                let feed = work.path("\(way).ics")
                let output = try ProcessRunner.run(
                    ForgeryCorpus.tool, ["generate"] + inputs + ["--output", feed, "--now", ForgeryCorpus.now, "--dkim-keys", keys.keysFile], input: input,
                    environment: environment)
                #expect(output.status == 0, "\(variant) \(way): \(output.standardError)")
                verdicts.append((way, try ForgeryCorpus.validatedEvents(feed), ForgeryCorpus.refusals(of: "K7P2QX", in: output.standardError)))
            }
            try generated("file", [genuine, forged])
            try work.write("folder/genuine.eml", try String(contentsOfFile: genuine, encoding: .utf8))
            try work.write("folder/forged.eml", message)
            try generated("folder", [work.path("folder")])
            try work.write("Maildir/cur/1717581600.M1P9.mailhost:2,S", try String(contentsOfFile: genuine, encoding: .utf8))
            try work.write("Maildir/cur/1717581700.M2P9.mailhost:2,", message)
            try generated("maildir", [work.path("Maildir")])
            try ForgeryCorpus.mbox(work.path("box.mbox"), of: [genuine, forged])
            try generated("mbox", [work.path("box.mbox")])
            try generated("stdin", [genuine, "-"], input: Data(message.utf8))
            try server.append([genuine, forged], to: variant)
            try generated("imap", [server.url(variant)], environment: server.environment(cache: work.path("cache")))
            let forwarded = try keys.sign(ForgeryCorpus.forwarding(message, from: "Bob <bob@gmail.com>"), selector: "s1", domain: "gmail.com")
            try generated("attachment", [genuine, try work.write("forward.eml", forwarded)])

            // serve's inbox, with its token: refused, and nothing kept.
            let served = try TemporaryFolder("forgery-way-serve")
            try served.write("inbox/genuine.eml", try String(contentsOfFile: genuine, encoding: .utf8))
            let serve = try ServeCommandTests.Server(["inbox", "--output", "trips.ics", "--dkim-keys", keys.keysFile], in: served)
            defer { _ = serve.stop() }
            let inbox = serve.url.deletingLastPathComponent().appendingPathComponent("inbox")
            let token = try ServeCommandTests.inboxToken(served.path("trips.ics"))
            let (status, _, answer) = try ServeCommandTests.request(inbox, method: "POST", headers: ["Authorization": "Bearer " + token], body: Data(message.utf8))
            #expect(status == 422, "\(variant): \(String(decoding: answer, as: UTF8.self))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: served.path("inbox")) == ["genuine.eml"], "nothing kept")
            struct Receipt: Decodable { var error: String; var messages: [String] }
            let receipt = try JSONDecoder().decode(Receipt.self, from: answer)
            #expect(receipt.error.contains("the e-mail's sender is not verified"), "\(receipt.error)")
            var feedText = ""
            _ = try ServeCommandTests.eventually(15) {
                feedText = String(decoding: try ServeCommandTests.request(serve.url).2, as: UTF8.self)
                return feedText.contains("UA 110")
            }
            verdicts.append(("serve", ForgeryCorpus.events(feedText), receipt.messages.flatMap { ForgeryCorpus.refusals(of: "K7P2QX", in: $0) }))

            for verdict in verdicts {
                #expect(verdict.events == baselineEvents, "\(variant) \(verdict.way): \(verdict.events)")
                #expect(
                    verdict.reasons == ["its booking (flight K7P2QX) not used, because its sender is not verified: it has no DKIM signature"],
                    "\(variant) \(verdict.way): \(verdict.reasons)")
            }
            #expect(verdicts.count == 8)
        }
    }
}
