/// A calendar date with no time and no time zone, in the proleptic Gregorian calendar.
///
/// `LocalDate` is what a hotel booking means by "check-in on 16 June": a day on the wall
/// calendar of wherever the hotel is, not an instant. Years run from 1 to 9999 so that every
/// value has a four-digit ISO 8601 form.
///
/// ```swift
/// let checkIn = LocalDate(year: 2030, month: 6, day: 16)!
/// checkIn.adding(days: 2).description   // "2030-06-18"
/// ```
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    // Four bytes, as a reservation holds many dates.
    private let storedYear: Int16
    private let storedMonth: UInt8
    private let storedDay: UInt8

    /// The year, 1 through 9999.
    public var year: Int { Int(storedYear) }
    /// The month, 1 (January) through 12 (December).
    public var month: Int { Int(storedMonth) }
    /// The day of the month, starting at 1.
    public var day: Int { Int(storedDay) }

    /// Creates a date, or returns `nil` when the date does not exist (such as 2027-02-29).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.numberOfDays(inMonth: month, year: year)).contains(day)
        else { return nil }
        storedYear = Int16(year)
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
    }

    /// The years a date read from outside may have: one year inside each end of the 1 to 9999
    /// a `LocalDate` holds, so that whatever a reservation's time goes through (conversion into
    /// any zone, a night or two added, a year of zone rules either way for a VTIMEZONE) stays
    /// within them. Readers refuse dates beyond, as the problem of the reservation or event that
    /// has them, before anything converts them.
    public static let readableYears: ClosedRange<Int> = 2...9998

    /// Whether the date lies in ``readableYears``.
    public var isReadable: Bool { Self.readableYears.contains(year) }

    /// The days from 1970-01-01 to 0001-01-01 and to 9999-12-31.
    private static let dayRange = -719_162...2_932_896

    /// Creates the date that lies the given number of days after 1970-01-01.
    ///
    /// A day before 0001-01-01 or after 9999-12-31 is held at that end: no reader makes a date
    /// outside ``readableYears``, so only arithmetic far beyond what any input has gets there,
    /// and it gives a date at the end of the calendar rather than a stopped program.
    public init(daysSinceEpoch unclamped: Int) {
        let days = min(max(unclamped, Self.dayRange.lowerBound), Self.dayRange.upperBound)
        // Howard Hinnant's civil_from_days, exact for the whole proleptic Gregorian calendar.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        storedYear = Int16(year)
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
    }

    /// The number of days from 1970-01-01 to this date (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date the given number of days later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The ISO 8601 weekday: 1 is Monday, 7 is Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        let remainder = (daysSinceEpoch + 3) % 7
        return (remainder < 0 ? remainder + 7 : remainder) + 1
    }

    /// The ISO 8601 extended form, `YYYY-MM-DD`.
    public var description: String {
        "\(Self.digits(year, 4))-\(Self.digits(month, 2))-\(Self.digits(day, 2))"
    }

    /// The ISO 8601 basic form, `YYYYMMDD`, as iCalendar writes dates.
    public var basicDescription: String {
        "\(Self.digits(year, 4))\(Self.digits(month, 2))\(Self.digits(day, 2))"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Whether the year has a 29 February.
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month of a year (28 to 31).
    public static func numberOfDays(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
