/// Something synthesis noticed about a reservation.
public struct SynthesisMessage: Sendable, Hashable, CustomStringConvertible {
    /// How serious a message is.
    public enum Severity: String, Sendable, Hashable {
        /// The reservation gave no event.
        case error
        /// The event was made, but something in it is a guess or was corrected.
        case warning
    }

    /// Error or warning.
    public let severity: Severity
    /// The native JSON path of the field concerned, relative to the reservation
    /// (`departure.time`); empty for the reservation as a whole.
    public let field: String
    /// What happened, as a sentence fragment.
    public let text: String

    /// Creates a message.
    public init(_ severity: Severity, field: String, _ text: String) {
        self.severity = severity
        self.field = field
        self.text = text
    }

    public var description: String { field.isEmpty ? text : "\(field): \(text)" }
}
