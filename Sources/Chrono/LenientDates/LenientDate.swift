/// A date or date-time read by ``LenientDateParser``, with how its text departs from ISO 8601.
public struct LenientDate: Sendable, Hashable, CustomStringConvertible {
    /// The text as read (without spaces around it).
    public let text: String
    /// The value.
    public let value: DateTimeValue
    /// How the text departs from ISO 8601, in the order they were met; empty when it does not.
    public let departures: [Departure]

    /// Creates a reading.
    public init(text: String, value: DateTimeValue, departures: [Departure]) {
        self.text = text
        self.value = value
        self.departures = departures
    }

    /// Whether the text is ISO 8601 as it stands.
    public var isStrict: Bool { departures.isEmpty }

    /// When day and month could be either and only a guess ordered them: the guess.
    public var guess: Guess? {
        for case .orderGuessed(let guess, _, _) in departures { return guess }
        return nil
    }

    /// `read "15.06.2027 14:00" as 2027-06-15T14:00:00 (day first, ...; a space instead of T)`.
    public var description: String {
        "read \"\(text)\" as \(value)"
            + (departures.isEmpty ? "" : " (\(departures.map(\.description).joined(separator: "; ")))")
    }
}

extension LenientDate {
    /// One way a date's text departs from ISO 8601; its description is what messages say.
    public enum Departure: Sendable, Hashable, CustomStringConvertible {
        /// `2027-06-15 14:00`.
        case spaceInsteadOfT
        /// `Tue, 15 June 2027`.
        case weekdayName
        /// `20270615T140000`.
        case basicFormat
        /// `2027/06/15`, `2027.06.15`.
        case yearFirst(separator: Unicode.Scalar)
        /// `2027年6月15日`.
        case japaneseDate
        /// `15 June 2027`, `June 15, 2027`.
        case monthByName
        /// `15/06/2027`: the first number is above 12.
        case dayFirstByNumber(Int)
        /// `06/15/2027`: the second number is above 12.
        case monthFirstByNumber(Int)
        /// `06/06/2027`: either order gives the same date.
        case sameDayAndMonth
        /// The document writes the same date elsewhere where it cannot be misread.
        case orderOfSameDate(DateOrder, LocalDate)
        /// The document's other dates can be read in one order only.
        case orderOfDocument(DateOrder, example: String)
        /// `05.06.2027`: dates with dots are written day first.
        case dayFirstWithDots
        /// Nothing told, and a guess ordered day and month.
        case orderGuessed(Guess, first: Int, second: Int)
        /// `15/06/27`, read as the given year.
        case twoDigitYear(readAs: Int)
        /// `14h30`.
        case hourWithH
        /// `14.30 Uhr`.
        case timeWithDot
        /// `2:30 PM`.
        case twelveHourClock
        /// `(UTC+02:00)`.
        case offsetInParentheses
        /// `UTC` or `GMT` (as given, in capitals) written as a word.
        case zoneAsWord(String)
        /// A zone abbreviation (`PDT`) and the offset it was read as.
        case abbreviation(String, UTCOffset)
        /// `Europe/Berlin` without brackets.
        case zoneWithoutBrackets
        /// `+1:00`.
        case oneDigitOffsetHour

        public var description: String {
            switch self {
            case .spaceInsteadOfT: "a space instead of T"
            case .weekdayName: "a weekday name"
            case .basicFormat: "the basic format, without separators"
            case .yearFirst(let separator): "year first with \"\(separator)\""
            case .japaneseDate: "a Japanese date"
            case .monthByName: "the month by name"
            case .dayFirstByNumber(let first): "day first: \(first) cannot be a month"
            case .monthFirstByNumber(let second): "month first: \(second) cannot be a day"
            case .sameDayAndMonth: "day and month are the same number"
            case .orderOfSameDate(let order, let date): "\(order.rawValue), as the same date is written elsewhere in the document (\(date))"
            case .orderOfDocument(let order, let example): "\(order.rawValue), as the document's other dates (\(example))"
            case .dayFirstWithDots: "day first, as dates with dots are written"
            case .orderGuessed(let guess, let first, let second): "\(guess): \(first) and \(second) could each be the day"
            case .twoDigitYear(let year): "a two-digit year, read as \(LocalDate.digits(year, 4))"
            case .hourWithH: "the hour written with h"
            case .timeWithDot: "the time written with a dot"
            case .twelveHourClock: "a 12-hour clock"
            case .offsetInParentheses: "the offset in parentheses"
            case .zoneAsWord(let word): "\(word) written as a word"
            case .abbreviation(let word, let offset): "the abbreviation \(word), read as \(offset)"
            case .zoneWithoutBrackets: "the zone named without brackets"
            case .oneDigitOffsetHour: "an offset hour of one digit"
            }
        }
    }

    /// A day-and-month order taken on a guess, and what it rests on.
    public struct Guess: Sendable, Hashable, CustomStringConvertible {
        /// The order taken.
        public let order: DateOrder
        /// What the guess rests on (`the page's language, en-US`), or `nil` when nothing in the
        /// document told and the order most of the world writes was taken.
        public let basis: String?

        /// Creates a guess.
        public init(order: DateOrder, basis: String?) {
            self.order = order
            self.basis = basis
        }

        /// `month first, a guess from the page's language, en-US`.
        public var description: String {
            guard let basis else { return "\(order.rawValue), as most of the world writes dates; nothing in the document tells" }
            return "\(order.rawValue), a guess from \(basis)"
        }
    }
}
