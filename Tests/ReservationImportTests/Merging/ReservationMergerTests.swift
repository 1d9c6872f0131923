import Chrono
import Diagnostics
import Foundation
import Reservations
import Testing

@testable import ReservationImport

@Suite("Merging the same booking from several sources")
struct ReservationMergerTests {
    private func imported(_ json: String, at time: String?, file: String) throws -> ImportedReservation {
        ImportedReservation(
            reservation: try JSONDecoder().decode(Reservation.self, from: Data(json.utf8)), origin: Origin(file: file),
            sourceTime: try time.map { try Instant(iso8601: $0) })
    }

    @Test("newer fields replace older ones; what the newer source leaves out is kept")
    func fieldByField() throws {
        let app = try imported(
            #"{"type": "flight", "reservationNumber": "K7P2QX", "status": "confirmed", "airline": {"iataCode": "AY"}, "flightNumber": "20", "departure": {"airport": {"iataCode": "SFO"}, "gate": "A5", "time": "2030-06-15T17:55:00-07:00"}, "seat": {"number": "23A"}}"#,
            at: "2030-06-01T00:00:00Z", file: "app.json")
        let mail = try imported(
            #"{"type": "flight", "reservationNumber": "k7p2qx", "airline": {"iataCode": "AY"}, "flightNumber": "AY 020", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T18:25:00-07:00"}}"#,
            at: "2030-06-02T00:00:00Z", file: "mail.eml")
        let merged = ReservationMerger.merge([mail, app])
        #expect(merged.count == 1)
        let reservation = try #require(merged.first?.reservation)
        #expect(merged.first?.origin?.source.description == "mail.eml")
        guard case .flight(let flight) = reservation.details else { Issue.record("flight"); return }
        #expect(flight.departure?.time == (try DateTimeValue(iso8601: "2030-06-15T18:25:00-07:00")))
        #expect(flight.departure?.gate == "A5")
        #expect(flight.seat?.number == "23A")
        #expect(reservation.status == .confirmed, "an unknown status does not replace a known one")
    }

    @Test("the reservation's own modification time beats the source's; no time counts as oldest")
    func order() throws {
        let newest = try imported(
            #"{"type": "restaurant", "reservationNumber": "R", "status": "cancelled", "modifiedTime": "2030-06-10T00:00:00Z", "startTime": "2030-06-26T19:30:00Z"}"#,
            at: "2030-06-01T00:00:00Z", file: "a")
        let middle = try imported(#"{"type": "restaurant", "reservationNumber": "R", "status": "confirmed", "startTime": "2030-06-26T18:30:00Z"}"#, at: "2030-06-05T00:00:00Z", file: "b")
        let timeless = try imported(#"{"type": "restaurant", "reservationNumber": "R", "status": "confirmed", "partySize": 4, "startTime": "2030-06-26T17:30:00Z"}"#, at: nil, file: "c")
        let merged = try #require(ReservationMerger.merge([newest, middle, timeless]).first)
        #expect(merged.reservation.status == .cancelled)
        guard case .restaurant(let table) = merged.reservation.details else { Issue.record("restaurant"); return }
        #expect(table.startTime == (try DateTimeValue(iso8601: "2030-06-26T19:30:00Z")))
        #expect(table.partySize == 4)
    }

    @Test("different bookings, and bookings without identity, are left apart, in input order")
    func apart() throws {
        let a = try imported(#"{"type": "restaurant", "reservationNumber": "A", "startTime": "2030-06-26T19:30:00Z"}"#, at: nil, file: "a")
        let b = try imported(#"{"type": "restaurant", "reservationNumber": "B", "startTime": "2030-06-26T19:30:00Z"}"#, at: nil, file: "b")
        let anonymous = try imported(#"{"type": "restaurant", "startTime": "2030-06-26T19:30:00Z"}"#, at: nil, file: "c")
        #expect(ReservationMerger.merge([a, anonymous, b, anonymous]).map(\.origin?.source.description) == ["a", "c", "b", "c"])
    }
}
