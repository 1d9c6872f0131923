import Diagnostics

/// The codes of building feeds and of linting: what the feed builder, the previous feed and
/// `lint` say about reservations and events.
extension DiagnosticCode {
    /// The same reservation twice in the input; the first is kept.
    public static let duplicateReservation = DiagnosticCode(rawValue: "duplicate-reservation")
    /// Two different reservations share an item reference.
    public static let duplicateItemReference = DiagnosticCode(rawValue: "duplicate-item-reference")
    /// A pending or held reservation, left out of feeds.
    public static let unconfirmed = DiagnosticCode(rawValue: "unconfirmed")
    /// A reservation that already ended, left out of feeds.
    public static let ended = DiagnosticCode(rawValue: "ended")
    /// An event of the previous feed whose booking is now only in unverified mail is kept as it was.
    public static let keptUnverified = DiagnosticCode(rawValue: "kept-unverified")
    /// An event of the previous feed cannot be read or kept.
    public static let previousFeed = DiagnosticCode(rawValue: "previous-feed")
    /// A person named by ``FeedOptions/travellers`` (`--traveller`) is on no booking of the input.
    public static let travellerUnmatched = DiagnosticCode(rawValue: "traveller-unmatched")
    /// libical cannot write an event.
    public static let iCalendar = DiagnosticCode(rawValue: "icalendar")
}
