import Basics
import Chrono

extension Reservation {
    /// What identifies the booking across sources and versions, or `nil` when nothing does.
    ///
    /// 1. The reservation number with the part of the booking: `number:K7P2QX|flight|AY20|SFO`.
    ///    The part tells the legs of one booking apart and does not change when times do: a
    ///    flight's designator and departure airport; a trip's vehicle and departure stop; an
    ///    event's name; nothing for stays, rentals and tables (one per booking).
    /// 2. Else the item reference: `item:GLO-88412`.
    ///
    /// Reservation numbers and codes are compared without case and without spaces, so an app's
    /// reservation and a confirmation e-mail's with the same number and part have the same key:
    /// they are merged on import and give one event with one UID.
    public var identityKey: String? {
        if let number = Self.normalized(reservationNumber) {
            return (["number:\(number)", category.rawValue] + partKey).joined(separator: "|")
        }
        if let item = itemReference?.trimmedNonEmpty {
            return "item:\(item)"
        }
        return nil
    }

    /// What tells the parts of one booking apart.
    private var partKey: [String] {
        switch details {
        case .flight(let flight):
            let airport = flight.departure?.airport
            return [
                Self.normalized(flight.designator) ?? "",
                Self.normalized(airport?.iataCode ?? airport?.icaoCode ?? airport?.name) ?? "",
            ]
        case .train(let trip), .bus(let trip), .boat(let trip):
            let vehicle = [trip.vehicleName, trip.vehicleNumber].compactMap { $0 }.joined(separator: " ")
            return [Self.normalized(vehicle) ?? "", Self.normalized(trip.departure?.place?.name) ?? ""]
        case .ticketedEvent(let event):
            return [Self.normalized(event.name) ?? ""]
        case .lodging, .rentalCar, .restaurant:
            return []
        }
    }

    /// Upper case, no white space; `nil` when nothing is left.
    static func normalized(_ text: String?) -> String? {
        guard let text else { return nil }
        // Booking references and codes are mostly ASCII: upper case and squeeze byte by byte.
        if text.isASCII {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 where !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
                bytes.append(byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte)
            }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
        let squeezed = text.uppercased().unicodeScalars.filter { !$0.properties.isWhitespace }
        return squeezed.isEmpty ? nil : String(String.UnicodeScalarView(squeezed))
    }
}
