import Foundation

/// What a reservation's event UID is made of, worked out once: the name-based UUID of its
/// booking's identity key (``Reservations/Reservation/identityKey``), or nothing when it has none
/// (its UID then comes from its content, with a warning).
///
/// Seventeen bytes, where the key is a string several times as long: a run that works the keys out for
/// merging keeps these for synthesis, not the keys.
package struct BookingIdentity: Sendable, Hashable {
    /// The UUID of the key, or `nil` when the reservation has no key.
    let uuid: UUID?

    /// The identity of a booking with this key.
    package init(key: String?) {
        uuid = key.map { EventIdentity.uuidVersion5(namespace: EventIdentity.namespace, name: $0) }
    }

    /// The UID of the event of a booking whose identity key is `key`: what the feed names it by.
    package static func uid(forKey key: String) -> String {
        EventIdentity.uid(forKey: key)
    }
}
