import Chrono
import Foundation
import Testing

@testable import Reservations

@Suite("Native JSON coding of reservations")
struct ReservationCodingTests {
    @Test("every category has a sample", arguments: ReservationCategory.allCases)
    func sampleExists(category: ReservationCategory) {
        #expect(SampleReservations.all.contains { $0.category == category })
    }

    @Test("encoding then decoding gives the same reservation", arguments: SampleReservations.all)
    func roundTrip(reservation: Reservation) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(reservation)
        let decoded = try JSONDecoder().decode(Reservation.self, from: data)
        #expect(decoded == reservation)
        // And the text is stable: encoding the decoded value gives the same bytes.
        #expect(try encoder.encode(decoded) == data)
    }

    @Test("a whole document round-trips")
    func documentRoundTrip() throws {
        let document = ReservationDocument(reservations: SampleReservations.all)
        let data = try JSONEncoder().encode(document)
        #expect(try JSONDecoder().decode(ReservationDocument.self, from: data) == document)
    }

    @Test("the JSON is flat: the type sits beside the category's own fields")
    func flatShape() throws {
        let reservation = Reservation(
            details: .restaurant(RestaurantTable(startTime: try DateTimeValue(iso8601: "2030-06-14T19:30:00-07:00"), partySize: 2)),
            reservationNumber: "IWDSCA")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(reservation), as: UTF8.self)
        #expect(text == #"{"partySize":2,"reservationNumber":"IWDSCA","startTime":"2030-06-14T19:30:00-07:00","type":"restaurant"}"#)
    }

    @Test("minimal reservations decode with defaults")
    func minimal() throws {
        let json = #"{"type": "boat", "departure": {"time": "2030-06-18T17:00"}}"#
        let reservation = try JSONDecoder().decode(Reservation.self, from: Data(json.utf8))
        #expect(reservation.status == .unknown)
        #expect(reservation.category == .boat)
        guard case .boat(let trip) = reservation.details else {
            Issue.record("expected a boat trip")
            return
        }
        #expect(trip.departure?.time?.localDateTime == LocalDateTime(year: 2030, month: 6, day: 18, hour: 17, minute: 0))
        #expect(trip.departure?.time?.timeZone == nil)
    }

    @Test("unknown fields are ignored")
    func unknownFields() throws {
        let json = #"{"type": "restaurant", "startTime": "2030-06-14T19:30:00Z", "loyaltyTier": "gold", "place": {"name": "X", "michelinStars": 3}}"#
        let reservation = try JSONDecoder().decode(Reservation.self, from: Data(json.utf8))
        guard case .restaurant(let table) = reservation.details else {
            Issue.record("expected a restaurant")
            return
        }
        #expect(table.place?.name == "X")
    }

    @Test("an organization may be written as just its name")
    func organizationShorthand() throws {
        let json = #"{"type": "rentalCar", "company": "Hertz", "provider": {"name": "Hertz Norway", "phone": "+47"}, "pickUp": {"time": "2030-06-20"}}"#
        let reservation = try JSONDecoder().decode(Reservation.self, from: Data(json.utf8))
        guard case .rentalCar(let rental) = reservation.details else {
            Issue.record("expected a rental")
            return
        }
        #expect(rental.company == Organization(name: "Hertz"))
        #expect(reservation.provider == Organization(name: "Hertz Norway", phone: "+47"))
    }

    @Test("statuses, including the Intents spelling 'canceled'", arguments: [
        ("unknown", ReservationStatus.unknown), ("confirmed", .confirmed), ("pending", .pending), ("hold", .hold),
        ("cancelled", .cancelled), ("canceled", .cancelled),
    ])
    func statuses(text: String, status: ReservationStatus) throws {
        let json = #"{"type": "bus", "status": "\#(text)", "departure": {"time": "2030-06-19"}}"#
        #expect(try JSONDecoder().decode(Reservation.self, from: Data(json.utf8)).status == status)
    }

    @Test("codes are upper-cased and checked")
    func codes() throws {
        let json = #"{"iataCode": "sfo", "icaoCode": "ksfo"}"#
        let airport = try JSONDecoder().decode(Airport.self, from: Data(json.utf8))
        #expect(airport.iataCode == "SFO")
        #expect(airport.icaoCode == "KSFO")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Airport.self, from: Data(#"{"iataCode": "SF"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Airline.self, from: Data(#"{"icaoCode": "F1N"}"#.utf8)) }
        #expect(try JSONDecoder().decode(Airline.self, from: Data(#"{"iataCode": "u2"}"#.utf8)).iataCode == "U2")
    }

    @Test("coordinates (0, 0) mean unknown, and out-of-range ones are refused")
    func coordinates() throws {
        #expect(Coordinates(latitude: 0, longitude: 0)?.isKnown == false)
        #expect(Coordinates(latitude: 60.2, longitude: 24.8)?.isKnown == true)
        #expect(Coordinates(latitude: 91, longitude: 0) == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Coordinates.self, from: Data(#"{"latitude": 12, "longitude": 200}"#.utf8))
        }
    }
}
