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
        ("Hello: world\r\n\r\nnot mail", nil), ("just some text", nil), ("", nil), ("\u{0}\u{1}\u{2}", nil),
    ])
    func detect(text: String, format: InputFormat?) {
        #expect(InputFormat.detect(Array(text.utf8)) == format)
    }

    @Test("content decides, whatever the name")
    func content() {
        let result = ReservationImporter().read(Array(#"{"@type": "FoodEstablishmentReservation", "startTime": "2030-06-26T19:30:00Z"}"#.utf8), name: "notes.txt")
        #expect(result.reservations.count == 1)
        #expect(ReservationImporter().read(Array("plain words".utf8), name: "x.json").diagnostics.map(\.description) == [
            "x.json: not a format this tool reads (native JSON, JSON-LD, HTML or e-mail)"
        ])
    }
}
