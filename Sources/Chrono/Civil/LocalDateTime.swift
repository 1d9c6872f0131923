/// A date and a time of day as read off a wall clock, with no time zone attached.
///
/// A departure at "15:05 on 24 December" in Helsinki is a `LocalDateTime` of
/// `2030-12-24T15:05:00` plus the zone `Europe/Helsinki`; this type holds the first half.
/// It is never converted to the zone of the machine that runs the program.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The calendar date.
    public let date: LocalDate
    /// The time of day.
    public let time: LocalTime

    /// Creates a date-time from its two halves.
    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Creates a date-time from its fields, or returns `nil` when one is out of range.
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) {
        guard let date = LocalDate(year: year, month: month, day: day),
            let time = LocalTime(hour: hour, minute: minute, second: second)
        else { return nil }
        self.init(date: date, time: time)
    }

    /// Creates the wall time that a clock at UTC+0 shows the given number of seconds after
    /// 1970-01-01T00:00:00.
    public init(secondsSinceEpoch seconds: Int64) {
        let (days, remainder) = Self.floorDivision(seconds, 86_400)
        self.init(date: LocalDate(daysSinceEpoch: Int(days)), time: LocalTime(uncheckedSeconds: Int(remainder)))
    }

    /// The seconds since 1970-01-01T00:00:00 of this wall time read as if it were at UTC+0.
    ///
    /// Subtract a UTC offset to get the instant: see ``instant(at:)``.
    public var secondsSinceEpoch: Int64 {
        Int64(date.daysSinceEpoch) * 86_400 + Int64(time.secondsSinceMidnight)
    }

    /// The instant at which a clock running at `offset` shows this wall time.
    public func instant(at offset: UTCOffset) -> Instant {
        Instant(secondsSinceEpoch: secondsSinceEpoch - Int64(offset.seconds))
    }

    /// The wall time the given number of seconds later (earlier when negative).
    public func adding(seconds: Int64) -> LocalDateTime {
        LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds)
    }

    /// The ISO 8601 extended form, `YYYY-MM-DDThh:mm:ss`.
    public var description: String { "\(date)T\(time)" }

    /// The ISO 8601 basic form, `YYYYMMDDThhmmss`, as iCalendar writes date-times.
    public var basicDescription: String {
        "\(date.basicDescription)T\(LocalDate.digits(time.hour, 2))\(LocalDate.digits(time.minute, 2))"
            + LocalDate.digits(time.second, 2)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }

    static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
