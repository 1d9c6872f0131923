/// A fixed difference from UTC, such as `+02:00` or `-07:00`.
///
/// An offset says how far a clock was from UTC at one instant; it is not a time zone. Seven hours
/// behind UTC is Pacific daylight time in summer and Mountain standard time in winter.
public struct UTCOffset: Sendable, Hashable, Comparable, CustomStringConvertible {
    private let storedSeconds: Int32

    /// Seconds east of Greenwich: positive ahead of UTC, negative behind it.
    public var seconds: Int { Int(storedSeconds) }

    /// The largest offset accepted either way, 18 hours, as in ISO 8601 practice.
    public static let limit = 18 * 3600

    /// UTC itself.
    public static let zero = UTCOffset(uncheckedSeconds: 0)

    /// Creates an offset, or returns `nil` beyond ±18 hours.
    public init?(seconds: Int) {
        guard abs(seconds) <= Self.limit else { return nil }
        storedSeconds = Int32(seconds)
    }

    /// Creates an offset from hours and minutes; both take the sign of `hours` unless it is zero.
    public init?(hours: Int, minutes: Int = 0) {
        let sign = hours < 0 ? -1 : 1
        self.init(seconds: hours * 3600 + sign * minutes * 60)
    }

    init(uncheckedSeconds seconds: Int) {
        storedSeconds = Int32(seconds)
    }

    /// The ISO 8601 extended form: `+02:00`, `-07:00`, `+05:45`, or `+00:00` for UTC
    /// (with `:ss` only when the offset has seconds, as some historical zones do).
    public var description: String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        var text = "\(sign)\(LocalDate.digits(magnitude / 3600, 2)):\(LocalDate.digits(magnitude / 60 % 60, 2))"
        if magnitude % 60 != 0 { text += ":\(LocalDate.digits(magnitude % 60, 2))" }
        return text
    }

    public static func < (lhs: UTCOffset, rhs: UTCOffset) -> Bool { lhs.seconds < rhs.seconds }
}
