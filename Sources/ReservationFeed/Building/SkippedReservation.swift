/// A reservation that could become an event but was left out of the feed, and why.
///
/// Like Siri Event Suggestions, a feed holds confirmed bookings that have not ended yet; these
/// are not problems, so they are not diagnostics at generation time (`lint` reports them).
public struct SkippedReservation: Sendable, Hashable {
    /// Why a reservation was left out.
    public enum Reason: Sendable, Hashable {
        /// Pending or held: not a confirmed booking (``FeedOptions/includeUnconfirmed`` keeps it).
        case unconfirmed(ReservationStatus)
        /// It ended at this instant, before the feed was generated.
        case ended(Instant)
        /// It came in an e-mail whose sender is not verified; the import reported why.
        case unverifiedSender
    }

    /// Where the reservation was read; `nil` for one built in code.
    public var origin: Origin?
    /// The title its event would have had.
    public var title: String
    /// Why it was left out.
    public var reason: Reason

    /// Creates a record of a skipped reservation.
    public init(origin: Origin?, title: String, reason: Reason) {
        self.origin = origin
        self.title = title
        self.reason = reason
    }
}

extension SkippedReservation.Reason {
    /// Whether the reservation was left out as pending or held.
    var isUnconfirmed: Bool {
        if case .unconfirmed = self { true } else { false }
    }
}
