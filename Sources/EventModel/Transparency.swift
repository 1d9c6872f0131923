/// Whether an event makes its time look busy to free/busy look-ups (`TRANSP`).
public enum Transparency: String, Sendable, Hashable, CaseIterable {
    /// Busy: a flight, a dinner.
    case opaque
    /// Free: a hotel stay or a car rental, which do not stop other plans.
    case transparent
}
