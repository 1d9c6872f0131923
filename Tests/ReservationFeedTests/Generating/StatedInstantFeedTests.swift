import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

/// Vendors' calendar files and markup at places whose names hold other cities' names, and the
/// bundled examples' feeds read back as inputs: every instant stated is the instant written.
@Suite("Stated instants, kept through feeds")
struct StatedInstantFeedTests {
    /// A calendar file as ticket vendors send them: one event, its times in a zone, its place as text.
    static func calendar(uid: String, zone: String, start: String, end: String, endZone: String? = nil, location: String) -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Vendor//Tickets//EN", "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20300101T000000Z",
            "DTSTART;TZID=\(zone):\(start)", "DTEND;TZID=\(endZone ?? zone):\(end)", "SUMMARY:\(uid)", "LOCATION:\(location)", "END:VEVENT",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
    }

    /// A web page with an event reservation in JSON-LD, its venue named and its address a text.
    static func page(number: String, start: String, venue: String, address: String) -> String {
        """
        <html><head><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "EventReservation", "reservationNumber": "\(number)",
         "reservationStatus": "https://schema.org/ReservationConfirmed",
         "reservationFor": {"@type": "Event", "name": "\(number)", "startDate": "\(start)",
           "location": {"@type": "Place", "name": "\(venue)", "address": "\(address)"}}}
        </script></head><body>Your tickets</body></html>
        """
    }

    /// (name, zone stated, wall time, location): every one at a venue or street named after another city.
    static let vendorEvents: [(String, String, String, String)] = [
        ("msg", "America/New_York", "20300512T193000", "Madison Square Garden\\, 4 Pennsylvania Plaza\\, New York\\, NY"),
        ("ferry", "Europe/Helsinki", "20300601T170000", "Olympia Terminal\\, Olympiaranta 1\\, Helsinki\\, Finland"),
        ("rome", "Europe/Rome", "20300601T170000", "Olympia Stadium\\, Rome\\, Italy"),
        ("calgary", "America/Edmonton", "20300601T120000", "Toronto Dominion Square\\, Calgary\\, AB"),
        ("vegas", "America/Los_Angeles", "20300601T200000", "Paris Las Vegas\\, 3655 S Las Vegas Blvd\\, Las Vegas\\, NV"),
        ("london", "Europe/London", "20300601T200000", "Sydney Street\\, London\\, UK"),
        ("boston", "America/New_York", "20300601T200000", "Moscow Mule Bar\\, Berlin Street\\, Boston\\, MA"),
        ("melbourne", "Australia/Melbourne", "20300601T200000", "Berlin Bar\\, 16 Liverpool Street\\, Melbourne\\, VIC 3000\\, Australia"),
        ("tokyo", "Asia/Tokyo", "20300601T190000", "Hotel New York\\, Shibuya\\, Tokyo\\, Japan"),
        ("garden", "America/New_York", "20300512T193000", "Madison Square Garden"),
    ]

    @Test("vendors' calendar files and pages at places named after other cities: every stated instant written, in the stated zone, with nothing to report")
    func vendors() throws {
        let folder = try TemporaryFolder("stated")
        let inputs = folder.url.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        for (name, zone, start, location) in Self.vendorEvents {
            try Self.calendar(uid: name, zone: zone, start: start, end: String(start.prefix(9)) + "230000", location: location)
                .write(to: inputs.appendingPathComponent("\(name).ics"), atomically: true, encoding: .utf8)
        }
        // The ferry of the README's example, its end at the other side of the sea in Stockholm's zone.
        try Self.calendar(
            uid: "ferry-crossing", zone: "Europe/Helsinki", start: "20300617T170000", end: "20300618T093000", endZone: "Europe/Stockholm",
            location: "Olympia Terminal\\, Olympiaranta 1\\, Helsinki\\, Finland"
        ).write(to: inputs.appendingPathComponent("crossing.ics"), atomically: true, encoding: .utf8)
        try Self.page(number: "PAGE-MSG", start: "2030-01-12T19:30:00-05:00", venue: "Madison Square Garden", address: "4 Pennsylvania Plaza, New York, NY 10001")
            .write(to: inputs.appendingPathComponent("msg.html"), atomically: true, encoding: .utf8)
        try Self.page(number: "PAGE-PARIS", start: "2030-07-12T20:00:00-07:00", venue: "Paris Las Vegas", address: "3655 S Las Vegas Blvd, Las Vegas, NV 89109")
            .write(to: inputs.appendingPathComponent("paris.html"), atomically: true, encoding: .utf8)

        let feed = folder.path("feed.ics")
        let report = try FeedGenerator().generate(inputs: [inputs.path], to: .file(feed), now: try Instant(iso8601: "2030-01-01T00:00:00Z"))
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        let events = try PreviousFeed(iCalendar: try String(contentsOfFile: feed, encoding: .utf8)).events
        #expect(events.count == Self.vendorEvents.count + 3)
        for (name, zone, start, _) in Self.vendorEvents {
            let event = try #require(events.first { $0.summary == name }, "\(name)")
            // 20300512T193000 as 2030-05-12T19:30:00.
            let digits = Array(start)
            let local = "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))T\(String(digits[9..<11])):\(String(digits[11..<13])):\(String(digits[13..<15]))"
            #expect(event.start.description == "\(local)[\(zone)]", "\(name)")
            #expect(event.end?.description == "\(local.prefix(10))T23:00:00[\(zone)]", "\(name)")
        }
        let crossing = try #require(events.first { $0.summary == "ferry-crossing" })
        #expect(crossing.start.instant == (try Instant(iso8601: "2030-06-17T14:00:00Z")))
        #expect(crossing.end?.instant == (try Instant(iso8601: "2030-06-18T07:30:00Z")))
        #expect(crossing.start.timeZone == "Europe/Helsinki")
        let msg = try #require(events.first { $0.summary.contains("PAGE-MSG") })
        #expect(msg.start.description == "2030-01-12T19:30:00[America/New_York]")
        let paris = try #require(events.first { $0.summary.contains("PAGE-PARIS") })
        #expect(paris.start.description == "2030-07-12T20:00:00[America/Los_Angeles]")
        let verdict = try ICSValidator.validate([feed])
        #expect(verdict.passed, "\(verdict.report)")
    }

    /// Generates a feed from `inputs`, then one from that feed given as input, and compares their
    /// events' instants.
    private func readBack(_ inputs: [String], generator: FeedGenerator, now: Instant, expecting count: Int) throws {
        let folder = try TemporaryFolder("read-back")
        let first = folder.path("first.ics")
        let report = try generator.generate(inputs: inputs, to: .file(first), now: now)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
        let second = folder.path("second.ics")
        let again = try FeedGenerator().generate(inputs: [first], to: .file(second), now: now)
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics.map(\.description))")
        let original = try PreviousFeed(iCalendar: try String(contentsOfFile: first, encoding: .utf8)).events
        let readBack = try PreviousFeed(iCalendar: try String(contentsOfFile: second, encoding: .utf8)).events
        #expect(original.count == count)
        #expect(readBack.count == original.count)
        for event in original {
            // Each read-back event is titled by the original's summary.
            let back = try #require(readBack.first { $0.summary.hasSuffix(event.summary) }, "\(event.summary)")
            #expect(back.start.instant == event.start.instant, "\(event.summary): \(event.start) read back as \(back.start)")
            #expect(back.end?.instant == event.end?.instant, "\(event.summary): \(String(describing: event.end)) read back as \(String(describing: back.end))")
            #expect(back.start.timeZone == event.start.timeZone, "\(event.summary): \(event.start) read back as \(back.start)")
        }
        let verdict = try ICSValidator.validate([first, second])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("every bundled example's feed, given again as input, keeps every instant and zone")
    func examplesReadBack() throws {
        let now = try Instant(iso8601: "2030-06-01T00:00:00Z")
        try readBack([Repository.url("Examples/trip").path], generator: FeedGenerator(), now: now, expecting: 8)
        try readBack([Repository.url("Examples/markup").path], generator: try MailFolderTests.generator(), now: now, expecting: 3)
    }
}
