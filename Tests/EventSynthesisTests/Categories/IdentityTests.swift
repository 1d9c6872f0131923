import Diagnostics
import Foundation
import Reservations
import Testing

@testable import EventSynthesis

@Suite("Event identity")
struct IdentityTests {
    private func uid(_ json: String) throws -> String? {
        EventSynthesizer().synthesize(try Fixtures.reservation(json)).event?.uid
    }

    @Test("name-based UUIDs follow RFC 9562 (its version 5 example)")
    func uuidVersion5() {
        let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
        #expect(EventIdentity.uuidVersion5(namespace: dns, name: "www.example.com").uuidString.lowercased()
                == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
    }

    @Test("UIDs never change for the same booking (a changed UID duplicates every subscriber's events)")
    func pinned() throws {
        #expect(try uid(#"{"type": "restaurant", "reservationNumber": "IWDSCA", "startTime": "2030-06-14T19:30:00-07:00"}"#)
                == "d9a2db4e-c28f-50c2-bd0d-442bc0926076")
    }

    @Test("an app's booking and an e-mail's say the same number and part: one UID")
    func appAndMail() throws {
        let app = try uid(#"{"type": "flight", "itemReference": "app-internal-77", "reservationNumber": "K7P2QX", "airline": {"iataCode": "AY"}, "flightNumber": "20", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55:00[America/Los_Angeles]"}}"#)
        let mail = try uid(#"{"type": "flight", "reservationNumber": "k7p2qx", "airline": {"iataCode": "AY", "name": "Finnair"}, "flightNumber": "AY 020", "departure": {"airport": {"iataCode": "sfo"}, "time": "2030-06-15T17:55:00-07:00"}}"#)
        #expect(app != nil)
        #expect(app == mail)
    }

    @Test("the two legs of a round trip get two UIDs")
    func legs() throws {
        let out = try uid(#"{"type": "flight", "reservationNumber": "K7P2QX", "airline": {"iataCode": "AY"}, "flightNumber": "20", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55:00Z"}}"#)
        let back = try uid(#"{"type": "flight", "reservationNumber": "K7P2QX", "airline": {"iataCode": "AY"}, "flightNumber": "19", "departure": {"airport": {"iataCode": "HEL"}, "time": "2030-06-25T17:55:00Z"}}"#)
        #expect(out != back)
    }

    @Test("a changed time keeps the UID")
    func moved() throws {
        let before = try uid(#"{"type": "restaurant", "reservationNumber": "IWDSCA", "startTime": "2030-06-26T19:30:00-07:00"}"#)
        let after = try uid(#"{"type": "restaurant", "reservationNumber": "IWDSCA", "startTime": "2030-06-26T18:30:00-07:00", "status": "cancelled"}"#)
        #expect(before == after)
    }

    @Test("without a number the item reference identifies; without either, a warning")
    func fallbacks() throws {
        let first = try uid(#"{"type": "bus", "itemReference": "FX-1", "departure": {"time": "2030-06-19T11:30:00Z"}}"#)
        let moved = try uid(#"{"type": "bus", "itemReference": "FX-1", "departure": {"time": "2030-06-19T12:30:00Z"}}"#)
        #expect(first == moved)
        let result = EventSynthesizer().synthesize(try Fixtures.reservation(#"{"type": "bus", "departure": {"time": "2030-06-19T11:30:00Z"}}"#))
        #expect(result.event != nil)
        #expect(result.diagnostics.map(\.message) == [
            "no reservation number or item reference; the event cannot be updated in place when the booking changes"
        ])
    }

    @Test("a reservation missing its start gives no event and says why")
    func incomplete() {
        let result = EventSynthesizer().synthesize(Reservation(details: .flight(Flight())))
        #expect(result.event == nil)
        #expect(result.diagnostics == [Diagnostic(.error, .missingRequired, field: .departureTime, "a flight needs a departure time")])
        #expect(result.diagnostics.map(\.description) == ["departure.time: a flight needs a departure time"])
    }
}
