/// A time of day on a wall clock, to the second, with no date and no time zone.
///
/// iCalendar counts in whole seconds, so fractions of a second are not kept.
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since midnight: four bytes, as a reservation holds many times.
    private let seconds: Int32

    /// The hour, 0 through 23.
    public var hour: Int { Int(seconds) / 3600 }
    /// The minute, 0 through 59.
    public var minute: Int { Int(seconds) / 60 % 60 }
    /// The second, 0 through 59.
    public var second: Int { Int(seconds) % 60 }

    /// Creates a time of day, or returns `nil` when a field is out of range.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            return nil
        }
        seconds = Int32(hour * 3600 + minute * 60 + second)
    }

    /// Midnight, 00:00:00.
    public static let midnight = LocalTime(uncheckedSeconds: 0)

    /// Creates the time that lies the given number of seconds (0 ..< 86 400) after midnight.
    init(uncheckedSeconds seconds: Int) {
        self.seconds = Int32(seconds)
    }

    /// The number of seconds since midnight.
    var secondsSinceMidnight: Int { Int(seconds) }

    /// The ISO 8601 extended form, `hh:mm:ss`.
    public var description: String {
        "\(LocalDate.digits(hour, 2)):\(LocalDate.digits(minute, 2)):\(LocalDate.digits(second, 2))"
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
    }
}
