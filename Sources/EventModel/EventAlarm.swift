import Chrono

/// A reminder attached to an event (`VALARM` with `ACTION:DISPLAY`).
public struct EventAlarm: Sendable, Hashable {
    /// When the reminder goes off.
    public enum Trigger: Sendable, Hashable {
        /// A number of seconds before the event starts (`TRIGGER:-PT15M`).
        case beforeStart(seconds: Int)
        /// At an instant (`TRIGGER;VALUE=DATE-TIME:20300614T005500Z`), such as when check-in opens.
        case at(Instant)
    }

    /// When.
    public var trigger: Trigger
    /// The text shown.
    public var message: String
    /// A web page to open, such as the check-in page.
    public var url: String?

    /// Creates a reminder.
    public init(trigger: Trigger, message: String, url: String? = nil) {
        self.trigger = trigger
        self.message = message
        self.url = url
    }
}
