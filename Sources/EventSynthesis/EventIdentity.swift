import Crypto
import Foundation
import Reservations

/// Derives an event's UID from what identifies the booking, so that the same reservation gets
/// the same UID on every run, on every machine, in any input order.
///
/// The UID is a name-based UUID (RFC 9562 version 5, SHA-1) in the namespace
/// ``namespace`` of a key built from, in order of preference:
///
/// 1. the reservation number with the part of the booking (`number:K7P2QX|flight|AY20|SFO`):
///    the part is what tells the legs of one booking apart and stays put when times change
///    (for a flight, the flight designator and departure airport; for a trip, the vehicle and
///    departure stop; for an event, its name);
/// 2. else the item reference (`item:GLO-88412`);
/// 3. else the reservation's content (category, start and title), with a warning: such an event
///    cannot be updated in place, because any change makes a new UID.
///
/// Reservation numbers and codes are compared without case and without spaces.
enum EventIdentity {
    /// The UUID namespace of ReservationFeed's event UIDs. Never change it: every feed's events
    /// would look new.
    static let namespace = UUID(uuidString: "0D6B2F7E-3C51-4C1B-9B7A-6E0F3A9D2C84")!

    /// The identity key of a reservation, or `nil` when it has neither number nor item reference.
    static func key(of reservation: Reservation) -> String? {
        if let number = normalized(reservation.reservationNumber) {
            let part = partKey(of: reservation.details)
            return (["number:\(number)", reservation.category.rawValue] + part).joined(separator: "|")
        }
        if let item = Text.clean(reservation.itemReference) {
            return "item:\(item)"
        }
        return nil
    }

    /// The UID for a key.
    static func uid(forKey key: String) -> String {
        uuidVersion5(namespace: namespace, name: key).uuidString.lowercased()
    }

    /// What tells the parts of one booking apart.
    static func partKey(of details: ReservationDetails) -> [String] {
        switch details {
        case .flight(let flight):
            return [
                flightDesignator(flight).map { normalized($0) ?? $0 } ?? "",
                normalized(flight.departure?.airport?.iataCode ?? flight.departure?.airport?.icaoCode
                    ?? flight.departure?.airport?.name) ?? "",
            ]
        case .train(let trip), .bus(let trip), .boat(let trip):
            return [
                normalized(Text.join([trip.vehicleName, trip.vehicleNumber], separator: " ")) ?? "",
                normalized(trip.departure?.place?.name) ?? "",
            ]
        case .ticketedEvent(let event):
            return [normalized(event.name) ?? ""]
        case .lodging, .rentalCar, .restaurant:
            return []
        }
    }

    /// The flight designator, airline code and number, as people write it: `AY 20`.
    static func flightDesignator(_ flight: Flight) -> String? {
        let code = Text.clean(flight.airline?.iataCode ?? flight.airline?.icaoCode)
        guard var number = Text.clean(flight.flightNumber) else { return nil }
        if let code, number.uppercased().hasPrefix(code) {
            number = String(number.dropFirst(code.count)).trimmingWhitespace()
        }
        // Leading zeros carry no meaning: AY 020 is AY 20.
        let digits = number.drop(while: { $0 == "0" })
        if !digits.isEmpty, number.allSatisfy(\.isNumber) { number = String(digits) }
        return Text.join([code, number], separator: " ")
    }

    /// Upper case, no white space; `nil` when nothing is left.
    static func normalized(_ text: String?) -> String? {
        guard let text else { return nil }
        let squeezed = text.uppercased().unicodeScalars.filter { !$0.properties.isWhitespace }
        return squeezed.isEmpty ? nil : String(String.UnicodeScalarView(squeezed))
    }

    /// RFC 9562 section 5.5: SHA-1 of namespace and name, with version and variant bits set.
    static func uuidVersion5(namespace: UUID, name: String) -> UUID {
        var data = withUnsafeBytes(of: namespace.uuid) { Data($0) }
        data.append(contentsOf: Array(name.utf8))
        var bytes = Array(Insecure.SHA1.hash(data: data).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
