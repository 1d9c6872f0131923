import CLibical
import Chrono
import EventModel

/// Writes calendar events as an iCalendar (RFC 5545) document, through libical.
///
/// The output has CRLF line ends, lines folded at 75 octets without splitting characters or
/// escapes, plain IANA TZIDs with one VTIMEZONE for each zone the events use, and every text
/// escaped (control characters removed). It is written in chunks, one component at a time, so
/// a large feed never has to be one string in memory.
///
/// ```swift
/// let writer = ICalendarWriter()
/// let text = try writer.document(
///     CalendarProperties(productIdentifier: "-//Example//Trips//EN", name: "Trips"),
///     events: events, stamp: .now)
/// ```
public struct ICalendarWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Writes a whole document, handing each piece of text to `output` in order.
    ///
    /// - Parameters:
    ///   - properties: What the calendar says about itself.
    ///   - events: The events, in the order they should appear.
    ///   - stamp: The DTSTAMP of events that carry none: when this feed was generated.
    ///   - output: Receives the document in pieces; concatenated, they are the document.
    /// - Throws: ``ICalendarError`` when libical cannot build a component or has no data for a zone.
    public func write(
        _ properties: CalendarProperties, events: [CalendarEvent], stamp: Instant, to output: (String) throws -> Void
    ) throws {
        var chunk = ""
        ContentLines.refold(try header(properties), into: &chunk)
        for (zone, span) in Self.zoneSpans(of: events) {
            ContentLines.refold(try TimeZoneComponents.text(for: zone, covering: span), into: &chunk)
        }
        try output(chunk)
        for event in events {
            chunk = ""
            ContentLines.refold(try EventComponent.text(event, stamp: stamp), into: &chunk)
            try output(chunk)
        }
        try output("END:VCALENDAR\r\n")
    }

    /// The VEVENT of one event, as the document would hold it: for comparing two versions of an
    /// event byte for byte.
    ///
    /// - Parameter stamp: The DTSTAMP to use when the event carries none.
    public func text(of event: CalendarEvent, stamp: Instant) throws -> String {
        var text = ""
        ContentLines.refold(try EventComponent.text(event, stamp: stamp), into: &text)
        return text
    }

    /// The whole document as one string.
    public func document(_ properties: CalendarProperties, events: [CalendarEvent], stamp: Instant) throws -> String {
        var document = ""
        try write(properties, events: events, stamp: stamp) { document += $0 }
        return document
    }

    /// The VCALENDAR line and the calendar's own properties.
    private func header(_ properties: CalendarProperties) throws(ICalendarError) -> String {
        var text = "BEGIN:VCALENDAR\r\n"
        var list: [OpaquePointer] = [
            try LibicalProperty.make("VERSION") { icalproperty_new_version("2.0") },
            try LibicalProperty.text("PRODID", properties.productIdentifier) { icalproperty_new_prodid($0) },
            try LibicalProperty.make("CALSCALE") { icalproperty_new_calscale("GREGORIAN") },
            try LibicalProperty.make("METHOD") { icalproperty_new_method(ICAL_METHOD_PUBLISH) },
        ]
        if let name = properties.name {
            list.append(try LibicalProperty.text("NAME", name) { icalproperty_new_name($0) })
        }
        if let description = properties.description {
            list.append(try LibicalProperty.text("DESCRIPTION", description) { icalproperty_new_description($0) })
        }
        let refresh = properties.refreshInterval.map { icaldurationtype_from_int(Int32(clamping: $0)) }
        if let refresh {
            list.append(try LibicalProperty.make("REFRESH-INTERVAL") { icalproperty_new_refreshinterval(refresh) })
        }
        for property in list {
            if let line = icalproperty_as_ical_string_r(property) {
                text += String(cString: line)
                free(line)
            }
            icalproperty_free(property)
        }
        // libical 3.0.16 leaves ',' and ';' unescaped in X- property values but escapes '\', so
        // these TEXT-valued X- properties cannot go through it and are escaped here instead.
        if let name = properties.name { text += "X-WR-CALNAME:\(TextSanitizer.escapedText(name))\r\n" }
        if let description = properties.description {
            text += "X-WR-CALDESC:\(TextSanitizer.escapedText(description))\r\n"
        }
        if let refresh, let duration = icaldurationtype_as_ical_string_r(refresh) {
            text += "X-PUBLISHED-TTL:\(String(cString: duration))\r\n"
            free(duration)
        }
        return text
    }

    /// Each zone used by an event, sorted by name, with the years its events span.
    static func zoneSpans(of events: [CalendarEvent]) -> [(String, TimeZoneComponents.Span)] {
        var spans: [String: TimeZoneComponents.Span] = [:]
        for event in events {
            for time in [event.start, event.end].compactMap({ $0 }) {
                guard case .zoned(let local, let zone) = time else { continue }
                // A day either side covers the instant whatever the zone's offset.
                let first = local.date.adding(days: -1).year
                let last = local.date.adding(days: 1).year
                if let span = spans[zone] {
                    spans[zone] = .init(firstYear: min(span.firstYear, first), lastYear: max(span.lastYear, last))
                } else {
                    spans[zone] = .init(firstYear: first, lastYear: last)
                }
            }
        }
        return spans.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
