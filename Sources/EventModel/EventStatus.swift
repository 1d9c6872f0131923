/// The `STATUS` of an event.
public enum EventStatus: String, Sendable, Hashable, CaseIterable {
    /// Not confirmed yet: a pending booking, or a held one.
    case tentative
    /// Confirmed.
    case confirmed
    /// Cancelled; calendars strike it through or remove it.
    case cancelled
}
