import Crypto
import Foundation
import Reservations

/// Derives an event's UID from what identifies the booking (``Reservations/Reservation/identityKey``),
/// so that the same reservation gets the same UID on every run, on every machine, in any input
/// order.
///
/// The UID is a name-based UUID (RFC 9562 version 5, SHA-1) in the namespace ``namespace`` of the
/// identity key; a reservation without one gets a UID from its content (category, start and
/// title), with a warning: such an event cannot be updated in place, because any change makes a
/// new UID.
enum EventIdentity {
    /// The UUID namespace of ReservationFeed's event UIDs. Never change it: every feed's events
    /// would look new.
    static let namespace = UUID(uuidString: "0D6B2F7E-3C51-4C1B-9B7A-6E0F3A9D2C84")!

    /// The UID for a key.
    static func uid(forKey key: String) -> String {
        uid(uuidVersion5(namespace: namespace, name: key))
    }

    /// The UID of a UUID made from a key: its lower-case text form, `8-4-4-4-12` hexadecimal
    /// digits, written directly.
    static func uid(_ uuid: UUID) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        withUnsafeBytes(of: uuid.uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: text, as: UTF8.self)
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
