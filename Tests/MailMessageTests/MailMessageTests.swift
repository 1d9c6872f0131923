import Chrono
import Diagnostics
import Testing

@testable import MailMessage

@Suite("E-mail through GMime")
struct MailMessageTests {
    private func message(_ text: String) throws -> MailMessage {
        try MailMessage(parsing: Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    }

    @Test("multipart/alternative, quoted-printable ISO-8859-1, an encoded subject and the date")
    func alternative() throws {
        let mail = try message("""
            From: =?ISO-8859-1?Q?Caf=E9?= <noreply@example.com>
            Subject: =?UTF-8?B?UsOpc2VydmF0aW9uIGNvbmZpcm3DqWU=?=
            Date: Tue, 02 Jun 2030 10:15:00 -0700
            MIME-Version: 1.0
            Content-Type: multipart/alternative; boundary="b1"

            --b1
            Content-Type: text/plain; charset=utf-8

            plain
            --b1
            Content-Type: text/html; charset=iso-8859-1
            Content-Transfer-Encoding: quoted-printable

            <p>Caf=E9 =3D good</p>
            --b1--
            """)
        #expect(mail.subject == "Réservation confirmée")
        #expect(mail.date == (try Instant(iso8601: "2030-06-02T17:15:00Z")))
        #expect(mail.parts.map(\.contentType) == ["text/plain", "text/html"])
        #expect(mail.parts.map(\.section) == ["1", "2"])
        #expect(mail.parts[1].text.contains("<p>Café = good</p>"))
    }

    @Test("nested multiparts, base64, and a forwarded message with its own date")
    func nested() throws {
        let mail = try message("""
            Subject: Fwd: your booking
            Date: Wed, 03 Jun 2030 09:00:00 +0000
            MIME-Version: 1.0
            Content-Type: multipart/mixed; boundary="outer"

            --outer
            Content-Type: multipart/alternative; boundary="inner"

            --inner
            Content-Type: text/html; charset=utf-8
            Content-Transfer-Encoding: base64

            PHA+SMOkbMO2IPCfkYs8L3A+
            --inner--
            --outer
            Content-Type: message/rfc822

            Subject: Booking confirmed
            Date: Mon, 01 Jun 2030 08:00:00 +0200
            Content-Type: text/html; charset=utf-8

            <p>inner</p>
            --outer--
            """)
        #expect(mail.parts.map(\.section) == ["1.1", "2"])
        #expect(mail.parts[0].text == "<p>Hälö 👋</p>")
        #expect(mail.parts[0].messageDate == (try Instant(iso8601: "2030-06-03T09:00:00Z")))
        #expect(mail.parts[1].text.contains("<p>inner</p>"))
        #expect(mail.parts[1].messageDate == (try Instant(iso8601: "2030-06-01T06:00:00Z")))
        // The forwarded message whole, as its own signature covers it.
        #expect(mail.attachedMessages.map(\.section) == ["2"])
        let attached = String(decoding: try #require(mail.attachedMessages.first).bytes, as: UTF8.self)
        #expect(attached.hasPrefix("Subject: Booking confirmed"))
        #expect(attached.contains("<p>inner</p>"))
        #expect(try #require(mail.attachedMessages.first).contains(section: "2") && !(try #require(mail.attachedMessages.first).contains(section: "1.1")))
    }

    @Test("a message's header as written: fields in order with their folded lines, the body's start, addresses")
    func rawHeader() throws {
        let bytes = Array("From x\nReceived: from a\n\tby b; date\nFrom: =?utf-8?q?R=C3=A9servations?= <r@united.com>\nSubject: hi\n\nbody\n".utf8)
        let header = RawHeader(bytes)
        #expect(header.fields.map(\.name) == ["Received", "From", "Subject"], "the mbox postmark is no field")
        #expect(header.fields[0].value == "from a\tby b; date")
        #expect(String(decoding: header.fields[0].text, as: UTF8.self) == "Received: from a\n\tby b; date")
        #expect(String(decoding: bytes[header.bodyStart...], as: UTF8.self) == "body\n")
        #expect(header.fields(named: "from").count == 1)
        #expect(MailAddresses.parse(header.fields[1].value) == ["r@united.com"])
        #expect(MailAddresses.parse("Trip: a@x.example, \"B, Bob\" <b@y.example>;") == ["a@x.example", "b@y.example"])
        #expect(MailAddresses.parse("not an address").isEmpty)
        #expect(MailMessage.date(parsing: "Tue, 04 Jun 2030 10:00:01 -0700 (PDT)") == (try Instant(iso8601: "2030-06-04T17:00:01Z")))
        // White space before the colon (RFC 5322's obsolete syntax), as mail readers take it: a
        // field like any other, named without the space.
        let obsolete = RawHeader(Array("Content-Type : text/html\r\nFrom\t: a@b.example\r\nnot a field\r\nX-A_B: 1\r\n\r\nbody".utf8))
        #expect(obsolete.fields.map(\.name) == ["Content-Type", "From", "X-A_B"])
        #expect(obsolete.fields(named: "content-type").first?.value == "text/html")
    }

    @Test("one door: whatever starts with a header field, of any name, or a postmark, is a message; JSON, pages and calendars are not", arguments: [
        ("X-Mozilla-Status: 0001\r\nFrom: a@b.example\r\n\r\nbody", true), ("X-Campaign_ID: 7\nFrom: a@b.example\n\nbody", true),
        ("<html>: x\nFrom : United <a@united.com>\n\n<html>", true), ("From someone Mon Jan  1 00:00:00 2030\n\n", true),
        ("\u{FEFF}\n\nReceived: by x\n\n", true), ("Forward to someone\n", true), (":\n\nbody", true),
        ("{\"@context\": \"http://schema.org\"}", false), ("<html><body>", false), ("<a>: b\n<html>", false), ("<p>: x\r\n\r\n<html>", true),
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", false), ("BEGIN:VCALENDAR\r\nFrom: a@b.example\r\n\r\n", true), ("plain words", false),
        ("%PDF-1.7\n%\u{E2}\u{E3}", false), ("", false),
    ])
    func messageDetector(text: String, isMessage: Bool) {
        #expect(MessageDetector.isMessage(Array(text.utf8)) == isMessage)
    }

    @Test("Windows-1252 declared, and undeclared text that is not UTF-8")
    func charsets() throws {
        var bytes = Array("Subject: x\r\nContent-Type: text/html; charset=windows-1252\r\nContent-Transfer-Encoding: 8bit\r\n\r\nPrice: ".utf8)
        bytes += [0x80, 0x20, 0x35, 0x30, 0x20, 0x96, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A]
        #expect(try MailMessage(parsing: bytes).parts.first?.text == "Price: € 50 – café\r\n")
        var undeclared = Array("Subject: x\r\nContent-Type: text/html\r\n\r\n".utf8)
        undeclared += [0x63, 0x61, 0x66, 0xE9, 0x0D, 0x0A]
        #expect(try MailMessage(parsing: undeclared).parts.first?.text == "café\r\n")
    }

    @Test("limits: too many parts, too deep")
    func limits() throws {
        let many = "Content-Type: multipart/mixed; boundary=b\n\n"
            + String(repeating: "--b\nContent-Type: text/plain\n\nx\n", count: 600) + "--b--\n"
        #expect(throws: MailMessageError.limit("the message has more than \(500) parts (\(setting: .limit("mime-parts")))")) { try message(many) }
        var deep = "Content-Type: text/plain\n\nbottom\n"
        for level in 0..<40 {
            deep = "Content-Type: multipart/mixed; boundary=b\(level)\n\n--b\(level)\n\(deep)--b\(level)--\n"
        }
        #expect(throws: MailMessageError.limit("MIME parts are nested more than \(32) deep (\(setting: .limit("mime-depth")))")) { try message(deep) }
        #expect(throws: MailMessageError.notAMessage) { try MailMessage(parsing: []) }
    }

    @Test("the part-size limit: a part too large stops the message, unless its type is not wanted")
    func partSize() throws {
        let attachment = String(repeating: "QUJD", count: 1_000)  // 3,000 bytes once decoded
        let text = "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/html\n\n<p>ticket</p>\n"
            + "--b\nContent-Type: application/pdf\nContent-Transfer-Encoding: base64\n\n\(attachment)\n--b--\n"
        let bytes = Array(text.utf8)
        #expect(throws: MailMessageError.limit("part \("2") decodes to \(3000) bytes, more than the limit of \(1024) (\(setting: .limit("part-size")))")) {
            try MailMessage(parsing: bytes, maximumPartSize: 1024)
        }
        let wanted = try MailMessage(parsing: bytes, maximumPartSize: 1024, decoding: ["text/html"])
        #expect(wanted.parts.map(\.contentType) == ["text/html", "application/pdf"])
        #expect(wanted.parts[0].text.contains("ticket") && wanted.parts[1].bytes.isEmpty)
    }
}
