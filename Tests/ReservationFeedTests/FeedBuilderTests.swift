import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

@Suite("Building a feed in memory")
struct FeedBuilderTests {
    private func imported(_ json: String, file: String = "app.json", path: String = "reservations[0]") throws -> ImportedReservation {
        ImportedReservation(
            reservation: try JSONDecoder().decode(Reservation.self, from: Data(json.utf8)),
            origin: SourceLocation(file: file, path: path, position: TextPosition(line: 3, column: 5)))
    }

    @Test("events are ordered by start, whatever the input order")
    func order() throws {
        let late = try imported(#"{"type": "restaurant", "reservationNumber": "B", "startTime": "2030-06-15T19:30:00Z"}"#)
        let early = try imported(#"{"type": "restaurant", "reservationNumber": "A", "startTime": "2030-06-14T19:30:00Z"}"#)
        let now = Instant(secondsSinceEpoch: 0)
        let forward = FeedBuilder().build(from: [late, early], now: now).feed
        let backward = FeedBuilder().build(from: [early, late], now: now).feed
        #expect(forward == backward)
        #expect(forward.events.map(\.start.description) == ["2030-06-14T19:30:00Z", "2030-06-15T19:30:00Z"])
    }

    @Test("the same booking read twice is one event, with a warning naming both places")
    func duplicates() throws {
        let json = #"{"type": "restaurant", "reservationNumber": "IWDSCA", "startTime": "2030-06-14T19:30:00-07:00"}"#
        let (feed, diagnostics) = FeedBuilder().build(
            from: [try imported(json, file: "app.json"), try imported(json, file: "mail.json")], now: Instant(secondsSinceEpoch: 0))
        #expect(feed.events.count == 1)
        #expect(diagnostics.map(\.description) == [
            "mail.json: reservations[0]: warning: the same reservation as app.json: reservations[0]; kept that one (line 3, column 5)"
        ])
    }

    @Test("synthesis messages are placed at the field, under the reservation's origin")
    func messagePlaces() throws {
        let floating = try imported(#"{"type": "restaurant", "reservationNumber": "A", "startTime": "2030-06-14T19:30"}"#, path: "reservations[4]")
        let (_, diagnostics) = FeedBuilder().build(from: [floating], now: Instant(secondsSinceEpoch: 0))
        #expect(diagnostics.map(\.description) == [
            "app.json: reservations[4].startTime: warning: no time zone or UTC offset, and nothing tells where; the event floats, shown at 19:30:00 wherever the calendar is (line 3, column 5)"
        ])
    }

    @Test("calendar properties carry the options and the product")
    func properties() {
        var options = FeedOptions()
        options.calendarName = "Family trips"
        let feed = FeedBuilder(options: options).build(from: [], now: Instant(secondsSinceEpoch: 0)).feed
        #expect(feed.properties.name == "Family trips")
        #expect(feed.properties.productIdentifier == "-//ReservationFeed//reservation-feed \(ReservationFeedVersion.number)//EN")
    }
}
