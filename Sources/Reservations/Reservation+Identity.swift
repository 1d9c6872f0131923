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
            // Written into one string: the key is worked out for every reservation read.
            var key = "number:"
            key += number
            key += "|"
            key += category.rawValue
            appendPartKey(to: &key)
            return key
        }
        if let item = itemReference?.trimmedNonEmpty {
            return "item:\(item)"
        }
        return nil
    }

    /// Appends what tells the parts of one booking apart, each part after a `|`.
    private func appendPartKey(to key: inout String) {
        switch details {
        case .flight(let flight):
            let airport = flight.departure?.airport
            Self.appendPart(flight.designator, to: &key)
            Self.appendPart(airport?.iataCode ?? airport?.icaoCode ?? airport?.name, to: &key)
        case .train(let trip), .bus(let trip), .boat(let trip):
            let vehicle: String? =
                switch (trip.vehicleName, trip.vehicleNumber) {
                case (let name?, let number?): name + " " + number
                case (let name, let number): name ?? number
                }
            Self.appendPart(vehicle, to: &key)
            Self.appendPart(trip.departure?.place?.name, to: &key)
        case .ticketedEvent(let event):
            Self.appendPart(event.name, to: &key)
        case .lodging, .rentalCar, .restaurant:
            break
        }
    }

    /// Appends `|` and the text normalised (nothing for no text).
    private static func appendPart(_ text: String?, to key: inout String) {
        key += "|"
        if let normalized = normalized(text) { key += normalized }
    }

    /// Upper case, no white space; `nil` when nothing is left.
    static func normalized(_ text: String?) -> String? {
        guard let text else { return nil }
        // Booking references and codes are mostly ASCII: upper case and squeeze byte by byte.
        if text.isASCII {
            // Written in place: a short code becomes a small string, with nothing allocated.
            let squeezed = String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
                var count = 0
                for byte in text.utf8 where !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
                    buffer[count] = byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte
                    count += 1
                }
                return count
            }
            return squeezed.isEmpty ? nil : squeezed
        }
        let squeezed = text.uppercased().unicodeScalars.filter { !$0.properties.isWhitespace }
        return squeezed.isEmpty ? nil : String(String.UnicodeScalarView(squeezed))
    }
}
