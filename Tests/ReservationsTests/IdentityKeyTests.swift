import TestSupport
import Testing

@testable import Reservations

/// A reservation's identity key names its event's UID: a key that changes, changes every UID of
/// every feed. The key was once made by joining arrays of strings; that way is kept here as the
/// oracle for the one that writes the key into one string.
@Suite("Identity keys")
struct IdentityKeyTests {
    @Test("the documented forms")
    func documentedForms() {
        let flight = Reservation(
            details: .flight(
                Flight(
                    airline: Airline(iataCode: "AY"), flightNumber: "20",
                    departure: AirportVisit(airport: Airport(name: "San Francisco", iataCode: "SFO")))),
            reservationNumber: "k7p 2qx")
        #expect(flight.identityKey == "number:K7P2QX|flight|AY20|SFO")
        #expect(Reservation(details: .lodging(LodgingStay()), itemReference: " GLO-88412 ").identityKey == "item:GLO-88412")
        #expect(Reservation(details: .restaurant(RestaurantTable()), reservationNumber: " \t").identityKey == nil)
        let train = Reservation(
            details: .train(TransitTrip(vehicleName: "ICE", vehicleNumber: "597", departure: TransitStop(place: Place(name: "Köln Hbf")))),
            reservationNumber: "ab1")
        #expect(train.identityKey == "number:AB1|train|ICE597|KÖLNHBF")
        #expect(Reservation(details: .bus(TransitTrip()), reservationNumber: "B").identityKey == "number:B|bus||")
    }

    @Test("the same keys as joining arrays of the parts gave, for thousands of reservations")
    func sameAsJoined() {
        var generator = SeededGenerator(seed: 31)
        let pieces = ["", " ", "ab", "AB 12", "\t7\n", "ß", "Köln Hbf", "é", "ǅ", "x\u{301}", "ﬁ", "北京", "  z  "]
        func text() -> String? {
            Int.random(in: 0..<4, using: &generator) == 0
                ? nil : (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        var mismatches: [String] = []
        for _ in 0..<5_000 {
            let details: ReservationDetails
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                details = .flight(
                    Flight(
                        airline: Airline(iataCode: text()), flightNumber: text(),
                        departure: AirportVisit(airport: Airport(name: text(), iataCode: text(), icaoCode: text()))))
            case 1: details = .train(TransitTrip(vehicleName: text(), vehicleNumber: text(), departure: TransitStop(place: Place(name: text()))))
            case 2: details = .boat(TransitTrip(vehicleName: text(), departure: nil))
            case 3: details = .ticketedEvent(TicketedEvent(name: text()))
            case 4: details = .lodging(LodgingStay())
            default: details = .restaurant(RestaurantTable())
            }
            let reservation = Reservation(details: details, itemReference: text(), reservationNumber: text())
            if reservation.identityKey != Self.joinedKey(reservation) {
                mismatches.append("\(String(describing: reservation.identityKey)) vs \(String(describing: Self.joinedKey(reservation)))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.first ?? "")")
    }

    // MARK: - The oracle: the key as it was first made

    static func joinedKey(_ reservation: Reservation) -> String? {
        if let number = normalized(reservation.reservationNumber) {
            return (["number:\(number)", reservation.category.rawValue] + partKey(reservation)).joined(separator: "|")
        }
        if let item = reservation.itemReference?.trimmedNonEmpty {
            return "item:\(item)"
        }
        return nil
    }

    static func partKey(_ reservation: Reservation) -> [String] {
        switch reservation.details {
        case .flight(let flight):
            let airport = flight.departure?.airport
            return [normalized(flight.designator) ?? "", normalized(airport?.iataCode ?? airport?.icaoCode ?? airport?.name) ?? ""]
        case .train(let trip), .bus(let trip), .boat(let trip):
            let vehicle = [trip.vehicleName, trip.vehicleNumber].compactMap { $0 }.joined(separator: " ")
            return [normalized(vehicle) ?? "", normalized(trip.departure?.place?.name) ?? ""]
        case .ticketedEvent(let event):
            return [normalized(event.name) ?? ""]
        case .lodging, .rentalCar, .restaurant:
            return []
        }
    }

    static func normalized(_ text: String?) -> String? {
        guard let text else { return nil }
        if text.isASCII {
            var bytes: [UInt8] = []
            for byte in text.utf8 where !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
                bytes.append(byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte)
            }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
        let squeezed = text.uppercased().unicodeScalars.filter { !$0.properties.isWhitespace }
        return squeezed.isEmpty ? nil : String(String.UnicodeScalarView(squeezed))
    }
}
