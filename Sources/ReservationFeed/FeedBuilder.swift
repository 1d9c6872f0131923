/// Builds a feed from reservations, in memory, without touching files: the library call other
/// tools use.
///
/// ```swift
/// let build = FeedBuilder().build(from: imported, now: .now)
/// for diagnostic in build.diagnostics { print(diagnostic) }
/// let text = try build.feed.iCalendarText()
/// ```
public struct FeedBuilder: Sendable {
    /// The options in force.
    public var options: FeedOptions

    /// Creates a builder.
    public init(options: FeedOptions = FeedOptions()) {
        self.options = options
    }

    /// Makes the feed of the given reservations.
    ///
    /// Each reservation becomes one event, unless it is pending or held (see
    /// ``FeedOptions/includeUnconfirmed``) or ended before `now`. Two reservations that give the
    /// same event UID (the same booking read twice) give one event: the first in input order is
    /// kept, and a warning names both places.
    ///
    /// - Parameters:
    ///   - reservations: The reservations, with where each came from (for messages).
    ///   - now: The time of generation, written as DTSTAMP.
    /// - Returns: The feed, a diagnostic for each reservation that gave no event or a doubtful one,
    ///   and the reservations left out.
    public func build(from reservations: [ImportedReservation], now: Instant) -> FeedBuild {
        let synthesizer = EventSynthesizer(options: options.synthesis)
        var diagnostics: [Diagnostic] = []
        var skipped: [SkippedReservation] = []
        var events: [CalendarEvent] = []
        var firstOrigin: [String: SourceLocation] = [:]
        for imported in reservations {
            let result = synthesizer.synthesize(imported.reservation)
            for message in result.messages {
                let severity: Diagnostic.Severity = message.severity == .error ? .error : .warning
                diagnostics.append(
                    Diagnostic(severity, message.code.rawValue, at: imported.location(of: message.field), message.text))
            }
            guard let event = result.event else { continue }
            let status = imported.reservation.status
            if !options.includeUnconfirmed, status == .pending || status == .hold {
                skipped.append(SkippedReservation(origin: imported.origin, title: event.summary, reason: .unconfirmed(status)))
                continue
            }
            let end = (event.end ?? event.start).instant
            if end < now {
                skipped.append(SkippedReservation(origin: imported.origin, title: event.summary, reason: .ended(end)))
                continue
            }
            if let first = firstOrigin[event.uid] {
                diagnostics.append(
                    Diagnostic(.warning, "duplicate-reservation", at: imported.origin, "the same reservation as \(first); kept that one"))
                continue
            }
            firstOrigin[event.uid] = imported.origin
            events.append(event)
        }
        events.sort { ($0.start.instant, $0.uid) < ($1.start.instant, $1.uid) }
        let properties = CalendarProperties(
            productIdentifier: ReservationFeedVersion.productIdentifier, name: options.calendarName,
            description: options.calendarDescription)
        return FeedBuild(feed: Feed(properties: properties, events: events, generated: now), diagnostics: diagnostics, skipped: skipped)
    }
}
