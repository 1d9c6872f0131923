import Foundation
import TestSupport
import Testing

/// `reservation-feed lint`, and the options generate shares with it.
@Suite("The lint command and shared options")
struct LintCommandTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let fixture = "Tests/CommandLineTests/Fixtures/lint"

    private func run(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessRunner.run(Self.tool, arguments)
    }

    @Test("every kind of finding, with file, path and line; exit status 1", arguments: ["text", "json"])
    func findings(format: String) throws {
        let result = try run(["lint", Self.fixture, "--now", "2030-06-01T00:00:00Z", "--format", format])
        #expect(result.status == 1)
        #expect(result.standardError == "")
        let mismatch = Golden.mismatch(result.standardOutput, golden: "Tests/CommandLineTests/Golden/lint.\(format == "json" ? "json" : "txt")")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test("the JSON findings carry codes for tools")
    func codes() throws {
        let result = try run(["lint", Self.fixture, "--now", "2030-06-01T00:00:00Z", "--format", "json"])
        struct Document: Decodable {
            struct Item: Decodable { var code: String }
            var diagnostics: [Item]
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(result.standardOutput.utf8))
        #expect(Set(document.diagnostics.map(\.code)) == [
            "unconfirmed", "duplicate-item-reference", "unknown-airport", "floating-time", "end-before-start",
            "offset-zone-conflict", "ended", "missing-required", "invalid", "zone-guessed",
        ])
    }

    @Test("places named, not located: the state decides, a shared name without one is reported, and an e-mail's sender points to its country")
    func placesByName() throws {
        let folder = try TemporaryFolder("places")
        _ = try folder.write(
            "dinners.json",
            """
            {"reservations": [
              {"type": "restaurant", "reservationNumber": "P1", "name": "Dinner", "startTime": "2030-06-14T19:00",
               "place": {"name": "Le Pigeon", "address": {"city": "Portland", "region": "OR", "country": "USA"}}},
              {"type": "restaurant", "reservationNumber": "P2", "name": "Dinner", "startTime": "2030-06-15T19:00",
               "place": {"name": "Fore Street", "address": {"city": "Portland", "region": "ME", "country": "USA"}}},
              {"type": "restaurant", "reservationNumber": "P3", "name": "Dinner", "startTime": "2030-06-16T19:00",
               "place": {"name": "Somewhere", "address": {"city": "Portland", "country": "USA"}}}
            ]}
            """)
        _ = try folder.write(
            "sacher.eml",
            """
            From: Hotel Sacher <reservations@sacher.example.at>
            To: someone@example.com
            Subject: Your stay
            Date: Mon, 1 Feb 2030 10:00:00 +0100
            MIME-Version: 1.0
            Content-Type: text/html; charset=utf-8

            <html><body><script type="application/ld+json">
            {"@context": "http://schema.org", "@type": "LodgingReservation", "reservationNumber": "S7",
             "reservationStatus": "http://schema.org/ReservationConfirmed", "checkinTime": "2030-03-10T15:00",
             "checkoutTime": "2030-03-12T11:00",
             "reservationFor": {"@type": "LodgingBusiness", "name": "Hotel Sacher",
               "address": {"@type": "PostalAddress", "streetAddress": "Philharmoniker Str. 4", "addressLocality": "Vienna"}}}
            </script></body></html>
            """.replacingOccurrences(of: "\n", with: "\r\n"))
        _ = try folder.write(
            "itinerary.html",
            """
            <html><body><script type="application/ld+json">
            [{"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "F9",
              "reservationFor": {"@type": "Flight", "flightNumber": "AS 1234", "airline": {"@type": "Airline", "iataCode": "AS"},
                "departureAirport": {"@type": "Airport", "iataCode": "SFO"}, "departureTime": "2030-03-10T09:00:00-07:00",
                "arrivalAirport": {"@type": "Airport", "iataCode": "PDX"}, "arrivalTime": "2030-03-10T11:00:00-07:00"}},
             {"@context": "http://schema.org", "@type": "LodgingReservation", "reservationNumber": "H9",
              "checkinTime": "2030-03-10T15:00", "checkoutTime": "2030-03-12T11:00",
              "reservationFor": {"@type": "LodgingBusiness", "name": "The Nines",
                "address": {"@type": "PostalAddress", "addressLocality": "Portland", "addressCountry": "USA"}}}]
            </script></body></html>
            """)
        // The hotel's e-mail is unsigned: its sender's country is what is tested here.
        let lint = try run(["lint", folder.url.path, "--now", "2030-01-01T00:00:00Z", "--trust-unverified"])
        let lines = lint.standardOutput.split(separator: "\n").map(String.init)
        // Oregon's and Maine's say nothing; the third floats, naming the candidates.
        #expect(lines.filter { $0.contains("dinners.json") }.count == 1, "\(lines)")
        #expect(lines.contains { $0.contains("dinners.json: reservations[2].startTime: warning: no time zone or UTC offset, and cities called Portland keep different times (Portland, Oregon: America/Los_Angeles; Portland, Maine: America/New_York;") })
        #expect(lines.contains { $0.contains("sacher.eml: ") && $0.contains("took Europe/Vienna, that of Vienna, the one in AT, the country of the e-mail's sender") })
        #expect(lines.contains { $0.contains("itinerary.html: ") && $0.contains("took America/Los_Angeles, that of Portland, Oregon, the one nearest PDX, where another booking of the same document is") })
        let feed = try run(["generate", folder.url.path, "-o", "-", "--now", "2030-01-01T00:00:00Z", "--trust-unverified"])
        #expect(feed.standardOutput.contains("DTSTART;TZID=America/Los_Angeles:20300614T190000"))
        #expect(feed.standardOutput.contains("DTSTART;TZID=America/New_York:20300615T190000"))
        #expect(feed.standardOutput.contains("DTSTART:20300616T190000"))
        #expect(feed.standardOutput.contains("DTSTART;TZID=Europe/Vienna:20300310T150000"))
        #expect(feed.standardOutput.contains("DTSTART;TZID=America/Los_Angeles:20300310T150000"))
    }

    @Test("an e-mail without markup, read by KDE's extractor, keeps its sender's country as evidence")
    func extractedMailKeepsItsSender() throws {
        let folder = try TemporaryFolder("extracted")
        // A stand-in for the extractor: whatever it is given, the hotel in Vienna of a confirmation.
        let extractor = try folder.writeProgram(
            "kitinerary-extractor",
            """
            #!/bin/sh
            cat <<'JSON'
            [{"@context": "http://schema.org", "@type": "LodgingReservation", "reservationNumber": "S8",
              "checkinTime": "2030-03-10T15:00:00", "checkoutTime": "2030-03-12T11:00:00",
              "reservationFor": {"@type": "LodgingBusiness", "name": "Hotel Sacher",
                "address": {"@type": "PostalAddress", "addressLocality": "Vienna"}}}]
            JSON

            """)
        let mail = try folder.write(
            "sacher.eml",
            "From: Hotel Sacher <reservations@sacher.example.at>\r\nTo: someone@example.com\r\nSubject: Ihre Reservierung\r\n"
                + "Date: Mon, 1 Feb 2030 10:00:00 +0100\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nAnreise 10.03.2030, Abreise 12.03.2030\r\n")
        let lint = try ProcessRunner.run(
            Self.tool, ["lint", mail, "--now", "2030-01-01T00:00:00Z", "--trust-unverified"], environment: ["KITINERARY_EXTRACTOR": extractor])
        #expect(lint.standardOutput.contains("took Europe/Vienna, that of Vienna, the one in AT, the country of the e-mail's sender"), "\(lint.standardOutput)\(lint.standardError)")
    }

    @Test("clean examples: exit status 0")
    func clean() throws {
        let result = try run(["lint", "Examples/trip", "--now", "2030-06-01T00:00:00Z"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "8 reservations in 8 inputs: 0 errors, 0 warnings\n")
    }

    @Test("--locale writes titles and notes in that language")
    func locale() throws {
        let result = try run(["generate", "Examples/trip/2-flight-sfo-hel.json", "-o", "-", "--now", "2030-06-01T00:00:00Z", "--locale", "fr"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\r\nSUMMARY:Vol AY 20 · SFO → HEL\r\n"))
        #expect(result.standardOutput.contains("\r\nCATEGORIES:Vol\r\n"))
    }

    @Test("an unsupported locale is a usage error", arguments: ["pt", "klingon", ""])
    func badLocale(tag: String) throws {
        let result = try run(["generate", "Examples/trip", "-o", "-", "--locale", tag])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--locale"))
        #expect(result.standardOutput == "")
    }

    @Test("pending bookings are left out, and written tentative with --include-unconfirmed")
    func unconfirmed() throws {
        let folder = try TemporaryFolder("cli")
        let input = try folder.write(
            "pending.json",
            #"{"type": "restaurant", "reservationNumber": "P1", "status": "pending", "startTime": "2030-06-14T19:30:00[America/Los_Angeles]"}"#)
        let strict = try run(["generate", input, "-o", "-", "--now", "2030-06-01T00:00:00Z"])
        #expect(strict.status == 2)
        #expect(strict.standardError.contains("every reservation in 1 input file is unconfirmed or already ended"))
        let lenient = try run(["generate", input, "-o", "-", "--now", "2030-06-01T00:00:00Z", "--include-unconfirmed"])
        #expect(lenient.status == 0)
        #expect(lenient.standardOutput.contains("\r\nSTATUS:TENTATIVE\r\n"))
    }

    @Test("the summary counts what was left out")
    func skippedSummary() throws {
        let folder = try TemporaryFolder("cli")
        try FileManager.default.copyItem(at: Repository.url("Examples/trip"), to: folder.url.appendingPathComponent("trip"))
        try folder.write(
            "trip/9-pending.json",
            #"{"type": "restaurant", "reservationNumber": "P1", "status": "hold", "startTime": "2030-06-21T19:30:00[Europe/Oslo]"}"#)
        let result = try run(["generate", folder.path("trip"), "-o", folder.path("out.ics"), "--now", "2030-06-16T00:00:00Z"])
        #expect(result.status == 0)
        #expect(result.standardError == "Wrote 7 events to \(folder.path("out.ics")): 7 added, 0 updated, 0 cancelled, 0 removed, 0 unchanged (9 reservations from 9 inputs; skipped 1 unconfirmed, 1 already ended)\n")
    }
}

/// Markup through the command line: detection by content on standard input.
@Suite("Markup on the command line")
struct MarkupCommandTests {
    @Test("an e-mail on standard input")
    func mailOnStandardInput() throws {
        let mail = try Data(contentsOf: Repository.url("Tests/ReservationImportTests/Fixtures/schema-org/epic-steak-2-moved.eml"))
        let result = try ProcessRunner.run(
            LintCommandTests.tool, ["generate", "-", "-o", "-", "--now", "2030-06-01T00:00:00Z"] + Repository.dkimKeyOptions, input: mail)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\r\nDTSTART;TZID=America/Los_Angeles:20300626T183000\r\n"))
        #expect(result.standardOutput.contains("\r\nSUMMARY:Restaurant · EPIC Steak (2 people)\r\n"))
    }
}
