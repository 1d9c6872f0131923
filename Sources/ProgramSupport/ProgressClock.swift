import Basics

/// When progress is next worth telling: at most ten times a second, so that a folder of
/// 100,000 messages does not make as many lines.
public struct ProgressClock: Sendable {
    /// When it was last due, in nanoseconds of the monotonic clock.
    private var last: Int?

    public init() {}

    /// Whether a tenth of a second has passed since it was last due (or it never was).
    public mutating func isDue() -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = now.tv_sec * 1_000_000_000 + now.tv_nsec
        if let last, nanoseconds - last < 100_000_000 { return false }
        last = nanoseconds
        return true
    }
}
