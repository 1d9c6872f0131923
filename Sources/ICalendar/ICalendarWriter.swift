import CLibical
import Chrono
import EventModel
import Parallel

/// Writes calendar events as an iCalendar (RFC 5545) document: events directly, as libical
/// writes them; the calendar's own properties and its VTIMEZONEs through libical.
///
/// The output has CRLF line ends, lines folded at 75 octets without splitting characters or
/// escapes, plain IANA TZIDs with one VTIMEZONE for each zone the events use, and every text
/// escaped (control characters removed). It is written in chunks, a batch of events at a time
/// (rendered on several cores), so a large feed never has to be one string in memory.
///
/// ```swift
/// let writer = ICalendarWriter()
/// let text = try writer.document(
///     CalendarProperties(productIdentifier: "-//Example//Trips//EN", name: "Trips"),
///     events: events, stamp: .now)
/// ```
public struct ICalendarWriter: Sendable {
    /// How many threads render events at once; 1 renders them on the calling thread. The
    /// output is the same byte for byte whatever the number.
    public var concurrency: Int

    /// Creates a writer.
    public init(concurrency: Int = Parallel.defaultConcurrency) {
        self.concurrency = concurrency
    }

    /// Events rendered at once before their text is handed over.
    static let batchSize = 2048

    /// Writes a whole document, handing each piece of it to `output` in order.
    ///
    /// - Parameters:
    ///   - properties: What the calendar says about itself.
    ///   - events: The events, in the order they should appear.
    ///   - stamp: The DTSTAMP of events that carry none: when this feed was generated.
    ///   - extensions: Non-standard properties of some events, by event UID (see
    ///     ``eventText(_:stamp:extensions:)``).
    ///   - output: Receives the document in pieces of UTF-8; concatenated, they are the document.
    /// - Throws: ``ICalendarError`` when libical cannot build a component or has no data for a
    ///   zone, or what `output` throws.
    public func write(
        _ properties: CalendarProperties, events: [CalendarEvent], stamp: Instant, extensions: [String: [String: String]] = [:],
        to output: ([UInt8]) throws -> Void
    ) throws {
        try output(try opening(properties, timeZones: TimeZoneSpans(events)))
        for batch in Parallel.batches(of: events.count, size: Self.batchSize) {
            let texts = try Parallel.map(Array(events[batch]), concurrency: concurrency) { event throws(ICalendarError) in
                try eventText(event, stamp: stamp, extensions: extensions[event.uid] ?? [:])
            }
            try output(Array(texts.joined()))
        }
        try output(Self.closing)
    }

    /// The start of a document: the VCALENDAR line, the calendar's own properties, and one
    /// VTIMEZONE for each zone in `timeZones`, cut to its years.
    public func opening(_ properties: CalendarProperties, timeZones: TimeZoneSpans) throws(ICalendarError) -> [UInt8] {
        var text: [UInt8] = []
        ContentLines.refold(try header(properties), into: &text)
        for (zone, span) in timeZones.sorted {
            ContentLines.refold(try TimeZoneComponents.text(for: zone, covering: span), into: &text)
        }
        return text
    }

    /// The end of a document.
    public static let closing = Array("END:VCALENDAR\r\n".utf8)

    /// The VEVENT of one event, as a document holds it (UTF-8, folded, CRLF line ends).
    ///
    /// - Parameters:
    ///   - stamp: The DTSTAMP to use when the event carries none.
    ///   - extensions: Non-standard properties a program writes into its own events, by name
    ///     (`X-RESERVATION-FEED-DIGEST`), written after the event's own; names start with `X-`,
    ///     and values are plain (letters, digits and `-_.:/+=@`). ``ICalendarReader`` reads them
    ///     back when asked.
    /// - Throws: ``ICalendarError``, ``ICalendarError/extensionProperty(_:)`` for a name or value
    ///   that is not so.
    public func eventText(_ event: CalendarEvent, stamp: Instant, extensions: [String: String] = [:]) throws(ICalendarError) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(1024)
        try EventText.write(event, stamp: stamp, extensions: extensions, into: &text)
        return text
    }

    /// The VEVENT of one event, as a document holds it: for comparing two versions of an event
    /// byte for byte.
    ///
    /// - Parameter stamp: The DTSTAMP to use when the event carries none.
    public func text(of event: CalendarEvent, stamp: Instant) throws(ICalendarError) -> String {
        String(decoding: try eventText(event, stamp: stamp), as: UTF8.self)
    }

    /// The whole document as one string.
    ///
    /// - Throws: ``ICalendarError`` when libical cannot build a component or has no data for a zone.
    ///
    /// - Parameter extensions: Non-standard properties of some events, by event UID (see
    ///   ``eventText(_:stamp:extensions:)``).
    public func document(
        _ properties: CalendarProperties, events: [CalendarEvent], stamp: Instant, extensions: [String: [String: String]] = [:]
    ) throws(ICalendarError) -> String {
        var document: [UInt8] = []
        do {
            try write(properties, events: events, stamp: stamp, extensions: extensions) { document += $0 }
        } catch let error as ICalendarError {
            throw error
        } catch {
            preconditionFailure("collecting the text in memory cannot fail, only libical can: \(error)")
        }
        return String(decoding: document, as: UTF8.self)
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
}
