import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

@Suite("Building a feed in memory")
struct FeedBuilderTests {
    private func imported(_ json: String, file: String = "app.json", path: String = "reservations[0]") throws -> ImportedReservation {
        ImportedReservation(
            reservation: try JSONDecoder().decode(Reservation.self, from: Data(json.utf8)),
            origin: Origin(file: file, path: path, position: TextPosition(line: 3, column: 5)))
    }

    @Test("events are ordered by start, whatever the input order")
    func order() throws {
        let late = try imported(#"{"type": "restaurant", "reservationNumber": "B", "startTime": "2030-06-15T19:30:00Z"}"#)
        let early = try imported(#"{"type": "restaurant", "reservationNumber": "A", "startTime": "2030-06-14T19:30:00Z"}"#)
        let now = Instant(secondsSinceEpoch: 0)
        let forward = try FeedBuilder().build(from: [late, early], now: now).feed
        let backward = try FeedBuilder().build(from: [early, late], now: now).feed
        #expect(forward == backward)
        #expect(forward.events.map(\.start.description) == ["2030-06-14T19:30:00Z", "2030-06-15T19:30:00Z"])
    }

    @Test("the same booking read twice is one event, with a warning naming both places")
    func duplicates() throws {
        let json = #"{"type": "restaurant", "reservationNumber": "IWDSCA", "startTime": "2030-06-14T19:30:00-07:00"}"#
        let build = try FeedBuilder().build(
            from: [try imported(json, file: "app.json"), try imported(json, file: "mail.json")], now: Instant(secondsSinceEpoch: 0))
        #expect(build.feed.events.count == 1)
        #expect(build.diagnostics.map(\.description) == [
            "mail.json: reservations[0]: warning: the same reservation as app.json: reservations[0]; kept that one (line 3, column 5)"
        ])
    }

    @Test("synthesis messages are placed at the field, under the reservation's origin")
    func messagePlaces() throws {
        let floating = try imported(#"{"type": "restaurant", "reservationNumber": "A", "startTime": "2030-06-14T19:30"}"#, path: "reservations[4]")
        let build = try FeedBuilder().build(from: [floating], now: Instant(secondsSinceEpoch: 0))
        #expect(build.diagnostics.map(\.code.rawValue) == ["floating-time"])
        #expect(build.diagnostics.map(\.description) == [
            "app.json: reservations[4].startTime: warning: no time zone or UTC offset, and nothing tells where; the event floats, shown at 19:30:00 wherever the calendar is (line 3, column 5)"
        ])
    }

    @Test("reservations built in code need no origin: the same events, and messages that name the field alone")
    func builtInCode() throws {
        let json = #"{"type": "restaurant", "reservationNumber": "A", "startTime": "2030-06-14T19:30"}"#
        let reservation = try JSONDecoder().decode(Reservation.self, from: Data(json.utf8))
        let now = Instant(secondsSinceEpoch: 0)
        let built = try FeedBuilder().build(from: [reservation, reservation], now: now)
        #expect(built.feed == (try FeedBuilder().build(from: [try imported(json)], now: now).feed))
        #expect(built.diagnostics.map(\.description) == [
            "startTime: warning: no time zone or UTC offset, and nothing tells where; the event floats, shown at 19:30:00 wherever the calendar is",
            "startTime: warning: no time zone or UTC offset, and nothing tells where; the event floats, shown at 19:30:00 wherever the calendar is",
            "warning: the same reservation as an earlier one; kept that one",
        ])
        #expect(built.diagnostics.allSatisfy { $0.origin == nil })
        #expect(built.diagnostics.first?.field == .startTime)
        let ended = try FeedBuilder().build(from: [reservation], now: try Instant(iso8601: "2030-07-01T00:00:00Z"))
        #expect(ended.skipped.map(\.origin) == [nil])
    }

    @Test("calendar properties carry the options and the product")
    func properties() throws {
        var options = FeedOptions()
        options.calendarName = "Family trips"
        let feed = try FeedBuilder(options: options).build(from: [], now: Instant(secondsSinceEpoch: 0)).feed
        #expect(feed.properties.name == "Family trips")
        #expect(feed.properties.productIdentifier == "-//ReservationFeed//reservation-feed \(ReservationFeedVersion.number)//EN")
    }

    @Test("pending and held bookings are left out unless asked for, then written tentative")
    func unconfirmed() throws {
        let pending = try imported(#"{"type": "restaurant", "reservationNumber": "P", "status": "pending", "startTime": "2030-06-14T19:30:00Z"}"#)
        let held = try imported(#"{"type": "restaurant", "reservationNumber": "H", "status": "hold", "startTime": "2030-06-15T19:30:00Z"}"#)
        let now = try Instant(iso8601: "2030-06-01T00:00:00Z")
        let strict = try FeedBuilder().build(from: [pending, held], now: now)
        #expect(strict.feed.events.isEmpty)
        #expect(strict.diagnostics.isEmpty)
        #expect(strict.skipped.map(\.reason) == [.unconfirmed(.pending), .unconfirmed(.hold)])
        var options = FeedOptions()
        options.includeUnconfirmed = true
        let lenient = try FeedBuilder(options: options).build(from: [pending, held], now: now)
        #expect(lenient.feed.events.map(\.status) == [.tentative, .tentative])
    }

    @Test("reservations that ended before now are left out; one under way is kept")
    func ended() throws {
        let dinner = try imported(#"{"type": "restaurant", "reservationNumber": "D", "startTime": "2030-06-14T19:30:00Z"}"#)
        let during = try FeedBuilder().build(from: [dinner], now: try Instant(iso8601: "2030-06-14T21:00:00Z"))
        #expect(during.feed.events.count == 1)
        let after = try FeedBuilder().build(from: [dinner], now: try Instant(iso8601: "2030-06-14T21:31:00Z"))
        #expect(after.feed.events.isEmpty)
        #expect(after.skipped.map(\.reason) == [.ended(try Instant(iso8601: "2030-06-14T21:30:00Z"))])
        #expect(after.skipped.first?.title == "Restaurant")
    }
}
