import EventModel

/// The event made from one reservation, with what synthesis noticed on the way.
public struct SynthesisResult: Sendable, Hashable {
    /// The event, or `nil` when the reservation could not become one (see ``messages``).
    public var event: CalendarEvent?
    /// Errors and warnings about the reservation.
    public var messages: [SynthesisMessage]

    /// Creates a result.
    public init(event: CalendarEvent?, messages: [SynthesisMessage] = []) {
        self.event = event
        self.messages = messages
    }
}
