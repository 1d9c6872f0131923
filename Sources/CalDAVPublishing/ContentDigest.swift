import Chrono
import Crypto
import EventModel
import ICalendar

/// The digest of an event's content that publishing writes into each event it puts in a
/// calendar (``PublishedEvent``, as `X-RESERVATION-FEED-DIGEST`).
///
/// It covers what the event says (title, times, place, notes, status, alarms...) as this
/// package writes it, and leaves out what only versions it (SEQUENCE, DTSTAMP, LAST-MODIFIED) and
/// the digest itself. Servers and clients rewrite the text of an event (Radicale reorders its
/// properties and ends lines with LF; clients replace PRODID), so the digest is taken of the
/// event read back and written again, never of the server's bytes: an event nobody touched gives
/// the digest it carries, and one a person edited does not.
enum ContentDigest {
    /// The non-standard property a published event carries its digest in.
    static let propertyName = "X-RESERVATION-FEED-DIGEST"

    /// The digest of `event`'s content: 24 characters of base64url (144 bits of SHA-256), or
    /// `nil` when the event cannot be written.
    public static func of(_ event: CalendarEvent) -> String? {
        var event = event
        event.sequence = 0
        event.stamp = epoch
        event.lastModified = nil
        guard let text = try? ICalendarWriter(concurrency: 1).eventText(event, stamp: epoch) else { return nil }
        let hash = Array(SHA256.hash(data: text).prefix(18))
        var encoded = ""
        encoded.reserveCapacity(24)
        // 18 bytes are six groups of three: no padding.
        for group in stride(from: 0, to: hash.count, by: 3) {
            let bits = UInt32(hash[group]) << 16 | UInt32(hash[group + 1]) << 8 | UInt32(hash[group + 2])
            for shift in [18, 12, 6, 0] {
                encoded.unicodeScalars.append(alphabet[Int(bits >> UInt32(shift) & 63)])
            }
        }
        return encoded
    }

    private static let epoch = Instant(secondsSinceEpoch: 0)
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)
}
