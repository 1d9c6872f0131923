/// Builds a feed from reservations, in memory, without touching files: the library call other
/// tools use.
///
/// ```swift
/// let builder = FeedBuilder()
/// let (feed, diagnostics) = builder.build(from: imported, now: .now)
/// try feed.iCalendarText()
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
    /// Each reservation becomes one event. Two reservations that give the same event UID (the
    /// same booking read twice) give one event: the first in input order is kept, and a warning
    /// names both places.
    ///
    /// - Parameters:
    ///   - reservations: The reservations, with where each came from (for messages).
    ///   - now: The time of generation, written as DTSTAMP.
    /// - Returns: The feed, and a diagnostic for each reservation that gave no event or a doubtful one.
    public func build(from reservations: [ImportedReservation], now: Instant) -> (feed: Feed, diagnostics: [Diagnostic]) {
        let synthesizer = EventSynthesizer(options: options.synthesis)
        var diagnostics: [Diagnostic] = []
        var events: [CalendarEvent] = []
        var firstOrigin: [String: SourceLocation] = [:]
        for imported in reservations {
            let result = synthesizer.synthesize(imported.reservation)
            for message in result.messages {
                let severity: Diagnostic.Severity = message.severity == .error ? .error : .warning
                diagnostics.append(Diagnostic(severity, at: imported.origin.appending(path: message.field), message.text))
            }
            guard let event = result.event else { continue }
            if let first = firstOrigin[event.uid] {
                diagnostics.append(
                    Diagnostic(.warning, at: imported.origin, "the same reservation as \(first); kept that one"))
                continue
            }
            firstOrigin[event.uid] = imported.origin
            events.append(event)
        }
        events.sort { ($0.start.instant, $0.uid) < ($1.start.instant, $1.uid) }
        let properties = CalendarProperties(
            productIdentifier: ReservationFeedVersion.productIdentifier, name: options.calendarName,
            description: options.calendarDescription)
        return (Feed(properties: properties, events: events, generated: now), diagnostics)
    }
}
