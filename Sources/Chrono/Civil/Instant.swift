import Foundation

/// A point on the global time line, to the second, independent of any clock or zone.
///
/// Used where only the moment matters: when a feed was generated (`DTSTAMP`), when an event
/// ends for retention, and for ordering events that start in different zones.
public struct Instant: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSinceEpoch: Int64

    /// Creates an instant from seconds since 1970-01-01T00:00:00Z.
    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    /// Reads an instant written as its seconds since 1970-01-01T00:00:00Z (a JSON number).
    public init(from decoder: any Decoder) throws {
        secondsSinceEpoch = try decoder.singleValueContainer().decode(Int64.self)
    }

    /// Writes the instant as its seconds since 1970-01-01T00:00:00Z (a JSON number).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(secondsSinceEpoch)
    }

    /// Creates an instant from a Foundation `Date`, dropping fractions of a second.
    public init(_ date: Date) {
        secondsSinceEpoch = Int64(date.timeIntervalSince1970.rounded(.down))
    }

    /// Reads an instant from ISO 8601 text that names one moment: a date-time with a UTC offset
    /// or `Z` (`2030-06-07T09:00:00Z`), or with an IANA zone (`2030-06-07T11:00:00[Europe/Paris]`).
    ///
    /// - Throws: ``ISO8601ParseError`` for text that is not ISO 8601, or that is a date alone or a
    ///   wall time with neither offset nor zone, which do not name one moment.
    public init(iso8601 text: String) throws(ISO8601ParseError) {
        switch try DateTimeValue(iso8601: text) {
        case .dateTime(let local, _, let offset?):
            self = local.instant(at: offset)
        case .dateTime(let local, let zone?, nil):
            guard let instant = TimeZoneRules.instant(of: local, in: zone) else {
                throw ISO8601ParseError(text: text, reason: "unknown time zone \"\(zone)\"")
            }
            self = instant
        default:
            throw ISO8601ParseError(text: text, reason: "a moment needs a UTC offset or Z, such as 2030-06-07T09:00:00Z")
        }
    }

    /// The current instant, from the system clock.
    public static var now: Instant { Instant(Date()) }

    /// The same instant as a Foundation `Date`.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSinceEpoch)) }

    /// The wall time a clock at UTC shows at this instant.
    public var utcDateTime: LocalDateTime { LocalDateTime(secondsSinceEpoch: secondsSinceEpoch) }

    /// The wall time a clock running at `offset` shows at this instant.
    public func localDateTime(at offset: UTCOffset) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: adding(seconds: Int64(offset.seconds)).secondsSinceEpoch)
    }

    /// The instant the given number of seconds later (earlier when negative).
    public func adding(seconds: Int64) -> Instant {
        // Held at the ends of Int64 rather than overflowing: far beyond any date, where a
        // stored time (a cache's, a signature's) may be.
        let (sum, overflow) = secondsSinceEpoch.addingReportingOverflow(seconds)
        return Instant(secondsSinceEpoch: overflow ? (seconds < 0 ? .min : .max) : sum)
    }

    /// The RFC 3339 form in UTC, such as `2030-06-15T00:55:00Z`.
    public var description: String { "\(utcDateTime)Z" }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.secondsSinceEpoch < rhs.secondsSinceEpoch }
}
