import Foundation

/// A date alone, or a wall-clock date-time with an IANA time zone and/or a UTC offset.
///
/// This is how reservations state times: "2030-06-16" for a hotel night,
/// "2030-06-15T17:55:00-07:00[America/Los_Angeles]" for a departure. Nothing here is converted
/// to the zone of the machine; the wall time is kept as given.
///
/// The text form is ISO 8601 (RFC 3339) with the optional time-zone suffix of RFC 9557:
///
/// | text | meaning |
/// |---|---|
/// | `2030-06-16` | a date alone |
/// | `2030-06-16T15:00` | a wall time, zone not stated (a "floating" time) |
/// | `2030-06-16T15:00:00+03:00` | a wall time and its UTC offset |
/// | `2030-06-16T12:00:00Z` | a time in UTC |
/// | `2030-06-16T15:00:00[Europe/Helsinki]` | a wall time in an IANA zone |
/// | `2030-06-16T15:00:00+03:00[Europe/Helsinki]` | both; the offset fixes the instant |
public enum DateTimeValue: Sendable, Hashable, CustomStringConvertible {
    /// A calendar date with no time of day.
    case date(LocalDate)
    /// A wall time, with the IANA zone it is in and the UTC offset it had, where known.
    case dateTime(LocalDateTime, timeZone: String?, utcOffset: UTCOffset?)

    /// Parses the ISO 8601 / RFC 9557 text form.
    ///
    /// - Throws: ``ISO8601ParseError`` describing what is wrong with the text.
    public init(iso8601 text: String) throws(ISO8601ParseError) {
        var parser = ISO8601Parser(text)
        self = try parser.parse()
    }

    /// The calendar date, for a date alone or for the date part of a date-time.
    public var date: LocalDate {
        switch self {
        case .date(let date): date
        case .dateTime(let local, _, _): local.date
        }
    }

    /// The wall time, or `nil` for a date alone.
    public var localDateTime: LocalDateTime? {
        if case .dateTime(let local, _, _) = self { local } else { nil }
    }

    /// The IANA time-zone name, where one was given.
    public var timeZone: String? {
        if case .dateTime(_, let zone, _) = self { zone } else { nil }
    }

    /// The UTC offset, where one was given.
    public var utcOffset: UTCOffset? {
        if case .dateTime(_, _, let offset) = self { offset } else { nil }
    }

    /// Whether this is a date with no time of day.
    public var isDateOnly: Bool {
        if case .date = self { true } else { false }
    }

    /// The canonical text form, as ``init(iso8601:)`` reads it.
    public var description: String {
        switch self {
        case .date(let date):
            return date.description
        case .dateTime(let local, let zone, let offset):
            var text = local.description
            if let offset { text += offset.seconds == 0 && zone == nil ? "Z" : offset.description }
            if let zone { text += "[\(zone)]" }
            return text
        }
    }
}

extension DateTimeValue: Codable {
    /// Decodes the text form, reporting an unreadable value as
    /// `expected an ISO 8601 date-time, found "25/12"` and an unknown zone by name.
    ///
    /// A decoder that offers a ``LenientDateDecoding`` under ``Foundation/CodingUserInfoKey/lenientDates``
    /// reads other forms through it (`15.06.2027 14:00`), and records how.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            if let reader = decoder.userInfo[.lenientDates] as? any LenientDateDecoding {
                self = try reader.readDate(text, at: decoder.codingPath)
            } else {
                self = try DateTimeValue(iso8601: text)
            }
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
