import Foundation
import ICalendar
import TestSupport
import ReservationFeed
import Testing

@testable import FeedServer

@Suite("The preview page")
struct PreviewPageTests {
    static let secret = FeedSecret("k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL")!
    static let responder = FeedResponder(
        secret: secret, feedName: "trips.ics", calendar: CalendarProperties(productIdentifier: "-//test//EN", name: "Trips <& Co>"))
    static let now = Instant(secondsSinceEpoch: 1_900_000_000)  // 2030-03-17

    static func served(_ events: [CalendarEvent]) throws -> ServedFeed {
        let text = try ICalendarWriter().document(
            CalendarProperties(productIdentifier: "-//test//EN", name: "Trips"), events: events, stamp: now)
        return ServedFeed(bytes: Array(text.utf8), previous: nil, modified: now.date, maxAge: nil)
    }

    static func event(
        _ uid: String, _ summary: String, start: EventTime, end: EventTime?, status: EventStatus? = .confirmed, location: String? = nil,
        geo: GeoCoordinate? = nil
    ) -> CalendarEvent {
        var event = CalendarEvent(uid: uid, summary: summary, start: start)
        event.end = end
        event.status = status
        event.location = location
        event.geo = geo
        return event
    }

    static let events: [CalendarEvent] = [
        event(
            "a", "<script>alert(1)</script> & \"friends\"", start: .zoned(LocalDateTime(year: 2030, month: 6, day: 15, hour: 19, minute: 30)!, in: "Europe/Helsinki"),
            end: .zoned(LocalDateTime(year: 2030, month: 6, day: 15, hour: 21, minute: 30)!, in: "Europe/Helsinki"),
            location: "Bistro <b>bold</b>", geo: GeoCoordinate(latitude: 60.1699, longitude: 24.9384)),
        event(
            "b", "Flight AY 1 · HEL → SFO", start: .zoned(LocalDateTime(year: 2030, month: 6, day: 15, hour: 10, minute: 5)!, in: "Europe/Helsinki"),
            end: .zoned(LocalDateTime(year: 2030, month: 6, day: 15, hour: 12, minute: 0)!, in: "America/Los_Angeles")),
        event(
            "e", "Late flight", start: .zoned(LocalDateTime(year: 2030, month: 6, day: 15, hour: 22, minute: 0)!, in: "America/Los_Angeles"),
            end: .zoned(LocalDateTime(year: 2030, month: 6, day: 16, hour: 6, minute: 0)!, in: "America/New_York")),
        event(
            "c", "Cancelled: Hotel", start: .date(LocalDate(year: 2030, month: 6, day: 16)!), end: .date(LocalDate(year: 2030, month: 6, day: 19)!),
            status: .cancelled),
        event(
            "d", "Long gone", start: .zoned(LocalDateTime(year: 2029, month: 1, day: 1, hour: 10, minute: 0)!, in: "Europe/Helsinki"),
            end: .zoned(LocalDateTime(year: 2029, month: 1, day: 1, hour: 11, minute: 0)!, in: "Europe/Helsinki")),
    ]

    func page() throws -> String {
        let response = Self.responder.respond(
            to: FeedRequest(method: "GET", path: "/\(Self.secret.value)/"), feed: try Self.served(Self.events), host: "cal.example.org", now: Self.now)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test("every text from inputs shows as text: a title that is a script tag is not one")
    func escaping() throws {
        let html = try page()
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>bold"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;"))
        #expect(html.contains("<title>Trips &lt;&amp; Co&gt;</title>"))
    }

    @Test("upcoming events by day, in their own local times and zones; past ones left out")
    func days() throws {
        let html = try page()
        #expect(html.contains("<h2>Saturday 15 June 2030</h2>"))
        #expect(html.contains("10:05 Europe/Helsinki – 12:00 America/Los_Angeles"))
        #expect(html.contains("19:30 – 21:30 Europe/Helsinki"))
        #expect(html.contains("<h2>Sunday 16 June 2030</h2>"))
        #expect(html.contains("all day, until Tuesday 18 June 2030"))
        #expect(!html.contains("Long gone"))
        // Days in order, whatever the instants: the stay of the 16th after the whole 15th.
        let late = try #require(html.range(of: "Late flight"))
        let sunday = try #require(html.range(of: "Sunday 16 June 2030"))
        #expect(late.lowerBound < sunday.lowerBound)
        #expect(html.components(separatedBy: "<h2>Saturday 15 June 2030</h2>").count == 2)
        // Flights before dinner on the same day.
        let flight = try #require(html.range(of: "Flight AY 1"))
        let dinner = try #require(html.range(of: "alert(1)"))
        #expect(flight.lowerBound < dinner.lowerBound)
    }

    @Test("a cancelled event is struck through; a place with coordinates has a map link; each event can be had alone")
    func details() throws {
        let html = try page()
        #expect(html.contains("<del>Cancelled: Hotel</del>"))
        #expect(html.contains("https://www.openstreetmap.org/?mlat=60.16990&amp;mlon=24.93840"))
        #expect(html.contains("href=\"webcal://cal.example.org/\(Self.secret.value)/trips.ics\""))
        #expect(html.contains("href=\"events/a.ics\""))
        #expect(!html.contains("<script") && !html.lowercased().contains("javascript"))
    }

    @Test("one event alone is a valid calendar of its own; an unknown one is not found")
    func oneEvent() throws {
        let feed = try Self.served(Self.events)
        let response = Self.responder.respond(
            to: FeedRequest(method: "GET", path: "/\(Self.secret.value)/events/b.ics"), feed: feed, host: "h", now: Self.now)
        #expect(response.status == 200)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("UID:b\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(text.contains("TZID:America/Los_Angeles"))
        let verdict = try ICSValidator.validate(text: text, name: "b.ics")
        #expect(verdict.passed, "\(verdict.report)")
        #expect(
            Self.responder.respond(to: FeedRequest(method: "GET", path: "/\(Self.secret.value)/events/zz.ics"), feed: feed, host: "h", now: Self.now)
                == .notFound)
    }

    @Test("the page without its slash sends the browser to it, so that its links work")
    func slash() throws {
        let response = Self.responder.respond(
            to: FeedRequest(method: "GET", path: "/\(Self.secret.value)"), feed: try Self.served(Self.events), host: "h", now: Self.now)
        #expect(response.status == 308)
        #expect(response.header("Location") == "\(Self.secret.value)/")
    }
}
