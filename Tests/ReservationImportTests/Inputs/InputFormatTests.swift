import Testing

@testable import ReservationImport

@Suite("Telling formats apart by content")
struct InputFormatTests {
    @Test("formats", arguments: [
        (#"{"reservations": []}"#, InputFormat?.some(.nativeJSON)), (#"  [{"type": "flight"}]"#, .nativeJSON),
        (#"{"@context": "http://schema.org", "@type": "FlightReservation"}"#, .jsonLD), (#"[{"@type": "Event"}]"#, .jsonLD),
        ("\u{FEFF}<!DOCTYPE html><html>", .html), ("<div itemscope>", .html),
        ("From: a@example.com\r\nSubject: hi\r\n\r\nbody", .email),
        ("Received: from x\r\n\tby y\r\nDate: Tue, 4 Jun 2030 10:00:00 +0000\r\n\r\n", .email),
        ("From MAILER-DAEMON Thu Jan  1 00:00:00 2026\nReturn-Path: <a@example.com>\n\nbody", .mbox),
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n", .iCalendar), ("begin:vcalendar\n", .iCalendar),
        ("just some text", .document(.text)), ("", nil), ("\u{0}\u{1}\u{2}", nil),
        ("%PDF-1.7\n", .document(.pdf)), ("{\"a\": 1,\n\"b\": 2,\n\n\"c\": 3}", .nativeJSON),
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-FROM:someone\r\n\r\n", .iCalendar),
        // Whatever starts with a header field is a message, as KDE's extractor would read it too:
        // a text that does is read as an e-mail (and its sender checked), never as a document.
        ("From here to there, no postmark\nSubject: x\n", .email), ("Hello: world\r\n\r\nnot mail", .email),
        ("X-Mozilla-Status: 0001\r\nX-Mozilla-Status2: 00000000\r\nFrom: a@example.com\r\n\r\nbody", .email),
        ("X-Campaign_ID: 5\nFrom: a@example.com\n\nbody", .email), (":\n\nbody", .email),
        // A message whose first field was written to pass for another format is still one.
        ("[{\"@context\": \"http://schema.org\"}]\nFrom: a@example.com\n\n<html>", .email),
        ("<a>: b\r\nX-Mailer: x\r\n\r\n<html>", .email), ("BEGIN:VCALENDAR\r\nFrom: a@example.com\r\n\r\n", .email),
        ("%PDF-1: x\nFrom: a@example.com\n\n%PDF-1.7", .email), ("\u{FEFF}\r\n  Received: by x\r\n\r\n", .email),
    ])
    func detect(text: String, format: InputFormat?) {
        #expect(InputFormat.detect(Array(text.utf8)) == format)
    }

    @Test("documents for KDE's extractor by their first bytes: passes (ZIP), pictures; binary garbage is nothing")
    func documents() {
        #expect(InputFormat.detect([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]) == .document(.pass))
        #expect(InputFormat.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]) == .document(.image))
        #expect(InputFormat.detect([0xFF, 0xD8, 0xFF, 0xE0]) == .document(.image))
        #expect(InputFormat.detect([0x01, 0xFF, 0xFE, 0x00, 0x80]) == nil)
    }

    @Test("content decides, whatever the name")
    func content() {
        let result = ReservationImporter().read(Array(#"{"@type": "FoodEstablishmentReservation", "startTime": "2030-06-26T19:30:00Z"}"#.utf8), source: .file("notes.txt"))
        #expect(result.reservations.count == 1)
        // Text is a document only KDE's extractor reads; without it, it is left unread, and said so.
        #expect(ReservationImporter(extraction: .none).read(Array("plain words".utf8), source: .file("x.json")).diagnostics.map(\.description) == [
            "x.json: warning: a text without schema.org markup, not read (extractor none)"
        ])
        #expect(ReservationImporter().read(Array([0x01, 0xFF, 0xFE, 0x00, 0x80]), source: .file("x.bin")).diagnostics.map(\.description) == [
            "x.bin: not a format this tool reads (native JSON, JSON-LD, HTML, e-mail, mbox, iCalendar, or a document for KDE's extractor)"
        ])
    }
}
