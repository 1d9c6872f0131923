import Foundation
import TestSupport
import Testing

/// Inputs an outsider's attack on issue 48 found that stopped or stalled a run: counts written as
/// numbers no integer holds, a page of 65,600 element names, a time zone that repeats every
/// minute, and durations and refresh intervals past 64 bits. Each is now reported or read, and
/// the run goes on.
@Suite("Hostile inputs found by an outsider")
struct HostileInputTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let now = "2030-01-01T00:00:00Z"

    static func run(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessRunner.run(tool, arguments)
    }

    @Test("a party size of 1e300, inf, 9.3e18 or -1e19, in Microdata and in JSON-LD: the count is left out, the booking is written", arguments: ["1e300", "inf", "9.3e18", "-1e19", "NaN"])
    func hugeCounts(value: String) throws {
        let folder = try TemporaryFolder("huge-count")
        let page = try folder.write(
            "page.html",
            #"<html><body><div itemscope itemtype="http://schema.org/FoodEstablishmentReservation"><meta itemprop="reservationNumber" content="R1"><meta itemprop="reservationStatus" content="http://schema.org/ReservationConfirmed"><meta itemprop="partySize" content="\#(value)"><meta itemprop="startTime" content="2030-06-14T19:30:00+02:00"><div itemprop="reservationFor" itemscope itemtype="http://schema.org/Restaurant"><meta itemprop="name" content="Counted"></div></div></body></html>"#)
        let json = try folder.write(
            "stay.json",
            #"{"@context":"http://schema.org","@type":"LodgingReservation","reservationNumber":"H1","reservationStatus":"http://schema.org/ReservationConfirmed","reservationFor":{"@type":"LodgingBusiness","name":"Counted Hotel","address":{"@type":"PostalAddress","addressLocality":"Paris","addressCountry":"FR"}},"checkinTime":"2030-06-14","checkoutTime":"2030-06-16","numAdults":"\#(value)","numChildren":"\#(value)"}"#)
        let run = try Self.run(["generate", page, json, "--output", folder.path("feed.ics"), "--now", Self.now])
        #expect(run.status == 0, "\(run.standardError)")
        let feed = try String(contentsOfFile: folder.path("feed.ics"), encoding: .utf8)
        #expect(feed.contains("Counted") && feed.contains("Counted Hotel"), "\(feed)")
        #expect(!feed.contains(value), "\(feed)")
    }

    @Test("a page of 65,600 different element names: read to the end, nothing in it, no stop")
    func manyElementNames() throws {
        let folder = try TemporaryFolder("many-names")
        let page = try folder.write("page.html", "<html><body>" + (0..<65_600).map { "<x\($0)>" }.joined() + "</body></html>")
        let run = try Self.run(["lint", page])
        #expect([0, 1].contains(run.status), "status \(run.status): \(run.standardError)")
        #expect(!run.standardError.contains("Fatal error"))
    }

    @Test(
        "a VTIMEZONE that repeats every minute or second, or has thousands of observances: its definition is not read, said once, the event read by the zone's name; the run ends at once",
        .timeLimit(.minutes(2)), arguments: ["RRULE:FREQ=MINUTELY", "RRULE:FREQ=SECONDLY", "RRULE:FREQ=DAILY;INTERVAL=1"])
    func runawayZones(rule: String) throws {
        let folder = try TemporaryFolder("runaway-zone")
        let calendar = try folder.write(
            "tz.ics",
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//x//y//EN\r
            BEGIN:VTIMEZONE\r
            TZID:My Zone\r
            BEGIN:STANDARD\r
            DTSTART:15000101T000000\r
            \(rule)\r
            TZOFFSETFROM:+0100\r
            TZOFFSETTO:+0200\r
            END:STANDARD\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:a1@x\r
            DTSTAMP:20300101T000000Z\r
            DTSTART;TZID=My Zone:20300615T100000\r
            DTEND;TZID=My Zone:20300615T120000\r
            SUMMARY:Runaway\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        let run = try Self.run(["generate", calendar, "--output", folder.path("feed.ics"), "--now", Self.now])
        #expect([0, 1].contains(run.status), "\(run.standardError)")
        #expect(run.standardError.contains("the VTIMEZONE \"My Zone\" repeats other than yearly (RRULE): its definition is not read"), "\(run.standardError)")
    }

    @Test("a DURATION of 2^31 - 1 weeks is read in 64 bits and refused as past the years read, not wrapped into a wrong end")
    func hugeDuration() throws {
        let folder = try TemporaryFolder("huge-duration")
        let calendar = try folder.write(
            "long.ics",
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nBEGIN:VEVENT\r\nUID:long@x\r\nDTSTAMP:20300101T000000Z\r\nDTSTART;TZID=Europe/Paris:20300615T100000\r\nDURATION:P2147483647W\r\nSUMMARY:Long\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:short@x\r\nDTSTAMP:20300101T000000Z\r\nDTSTART;TZID=Europe/Paris:20300616T100000\r\nDURATION:PT2H\r\nSUMMARY:Short\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let run = try Self.run(["generate", calendar, "--output", folder.path("feed.ics"), "--now", Self.now])
        #expect(run.standardError.contains("(UID long@x) has a DURATION that ends in year 9999"), "\(run.standardError)")
        let feed = try String(contentsOfFile: folder.path("feed.ics"), encoding: .utf8)
        #expect(feed.contains("SUMMARY:Short") && !feed.contains("SUMMARY:Long"))
    }

    @Test("--refresh past 64 bits or past a year is refused as the option's mistake", arguments: ["P1DT9223372036854775807S", "P1000000000000W", "P367D"])
    func refresh(value: String) throws {
        let folder = try TemporaryFolder("refresh")
        let run = try Self.run(["generate", Repository.url("Examples/trip").path, "--output", folder.path("feed.ics"), "--refresh", value])
        #expect(run.status == 2, "\(run.status): \(run.standardError)")
        #expect(run.standardError.contains("--refresh"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("feed.ics")))
    }
}
