/// Something synthesis noticed about a reservation.
public struct SynthesisMessage: Sendable, Hashable, CustomStringConvertible {
    /// How serious a message is.
    public enum Severity: String, Sendable, Hashable {
        /// The reservation gave no event.
        case error
        /// The event was made, but something in it is a guess or was corrected.
        case warning
    }

    /// What kind of thing was noticed; stable, for tools that filter messages.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The category's start time is missing.
        case missingRequired = "missing-required"
        /// A UTC offset contradicts the zone of the place.
        case offsetZoneConflict = "offset-zone-conflict"
        /// A time has no zone and no offset, and nothing else tells the zone.
        case floatingTime = "floating-time"
        /// The zone was guessed from the place's country and position.
        case zoneGuessed = "zone-guessed"
        /// An airport code is not in the airport table.
        case unknownAirport = "unknown-airport"
        /// The end is before the start (an arrival before its departure).
        case endBeforeStart = "end-before-start"
        /// The end is a date without a time while the start has one.
        case endWithoutTime = "end-without-time"
        /// Neither a reservation number nor an item reference identifies the booking.
        case noIdentity = "no-identity"
        /// A reminder's time has no zone or offset.
        case reminderWithoutZone = "reminder-without-zone"
        /// A wall time does not exist in its zone (the clocks skip it when they go forward).
        case nonexistentTime = "nonexistent-time"
        /// A wall time occurs twice in its zone (the clocks go back) and nothing says which.
        case ambiguousTime = "ambiguous-time"
        /// A date without a time where the category expects one (a flight's departure).
        case dateWithoutTime = "date-without-time"
    }

    /// Error or warning.
    public let severity: Severity
    /// What kind.
    public let code: Code
    /// The native JSON path of the field concerned, relative to the reservation
    /// (`departure.time`); empty for the reservation as a whole.
    public let field: String
    /// What happened, as a sentence fragment.
    public let text: String

    /// Creates a message.
    public init(_ severity: Severity, _ code: Code, field: String, _ text: String) {
        self.severity = severity
        self.code = code
        self.field = field
        self.text = text
    }

    public var description: String { field.isEmpty ? text : "\(field): \(text)" }
}
