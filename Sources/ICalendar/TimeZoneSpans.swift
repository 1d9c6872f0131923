import Chrono
import EventModel

/// The zones a set of events uses, each with the years it must cover: what the VTIMEZONEs of a
/// document hold, and how far they are cut.
public struct TimeZoneSpans: Sendable, Hashable {
    /// The first and last year a zone's VTIMEZONE covers.
    struct Span: Hashable, Sendable {
        var firstYear: Int
        var lastYear: Int
    }

    private(set) var spans: [String: Span] = [:]

    /// No zones.
    public init() {}

    /// The zones of these events' starts and ends.
    public init(_ events: some Sequence<CalendarEvent>) {
        for event in events { include(event) }
    }

    /// Whether no zone is used.
    public var isEmpty: Bool { spans.isEmpty }

    /// Adds the zones of an event's start and end.
    public mutating func include(_ event: CalendarEvent) {
        include(event.start)
        if let end = event.end { include(end) }
    }

    /// Adds the zone of a time, when it has one.
    public mutating func include(_ time: EventTime) {
        guard case .zoned(let local, let zone, _) = time else { return }
        // A day either side covers the instant whatever the zone's offset.
        let first = local.date.adding(days: -1).year
        let last = local.date.adding(days: 1).year
        // Years already covered need nothing more, and no look-up in the zone's rules.
        if let known = spans[zone], known.firstYear <= first, known.lastYear >= last { return }
        // A wall time that occurs twice is written in UTC, without its zone.
        guard !time.isRepeatedWallTime else { return }
        add(zone, Span(firstYear: first, lastYear: last))
    }

    /// Adds every zone and year of `other`.
    public mutating func formUnion(_ other: TimeZoneSpans) {
        for (zone, span) in other.spans { add(zone, span) }
    }

    /// The zones, sorted by name.
    var sorted: [(zone: String, span: Span)] {
        spans.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private mutating func add(_ zone: String, _ span: Span) {
        if let known = spans[zone] {
            if known.firstYear <= span.firstYear, known.lastYear >= span.lastYear { return }
            spans[zone] = Span(firstYear: min(known.firstYear, span.firstYear), lastYear: max(known.lastYear, span.lastYear))
        } else {
            spans[zone] = span
        }
    }
}
