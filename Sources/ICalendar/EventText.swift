import Basics
import Chrono
import EventModel

/// Writes the VEVENT of one calendar event straight to UTF-8, as libical 3.0.16 would write it.
///
/// Building a libical component for each event and having libical serialise it cost much of a
/// large feed's run (docs/performance.md, "Events written straight to text"): a heap object for every property, parameter and value, and C strings
/// copied and measured over and over. This writes the same text directly, property by
/// property, into one buffer. `EventComponent`, in the tests, builds the event through libical and stays the
/// reference: tests compare the two byte for byte on the examples, the fixtures and thousands of
/// generated events with every kind of awkward text.
enum EventText {
    /// Appends the VEVENT of `event` to `output`, folded.
    ///
    /// - Parameters:
    ///   - stamp: The DTSTAMP to use when the event carries none.
    ///   - extensions: Non-standard properties to write too, by name (see ``ICalendarWriter``).
    static func write(
        _ event: CalendarEvent, stamp: Instant, extensions: [String: String] = [:], into output: inout [UInt8]
    ) throws(ICalendarError) {
        try EventRules.check(event.start, "DTSTART")
        if let end = event.end { try EventRules.check(end, "DTEND") }
        var line = ContentLine()
        append("BEGIN:VEVENT\r\n", to: &output)
        text("UID", event.uid, &line, &output)
        instant("DTSTAMP", event.stamp ?? stamp, &line, &output)
        if let lastModified = event.lastModified { instant("LAST-MODIFIED", lastModified, &line, &output) }
        line.start("SEQUENCE:")
        line.appendDecimal(Int(Int32(clamping: event.sequence)))
        line.fold(into: &output)
        time("DTSTART", event.start, &line, &output)
        if let end = event.end { time("DTEND", end, &line, &output) }
        text("SUMMARY", event.summary, &line, &output)
        if let location = event.location { text("LOCATION", location, &line, &output) }
        if let geo = event.geo, geo.isValid {
            line.start("GEO:")
            line.appendRaw(Self.geo(geo))
            line.fold(into: &output)
        }
        if let place = event.structuredLocation, place.coordinate.isValid {
            structuredLocation(place, &line, &output)
        }
        if let travel = event.travelTime, travel > 0 {
            line.start("\(EventRules.travelTimeProperty);VALUE=DURATION:")
            duration(travel, &line)
            line.fold(into: &output)
        }
        if let notes = EventRules.description(of: event) { text("DESCRIPTION", notes, &line, &output) }
        if let url = event.url {
            line.start("URL:")
            line.appendRaw(TextSanitizer.uri(url))
            line.fold(into: &output)
        }
        for category in event.categories {
            // One property per category, its commas made spaces: libical does not escape the
            // commas that separate values, nor a semicolon.
            let clean = category.allUTF8Bytes({ $0 != UInt8(ascii: ",") }) ? category : category.replacing(",", with: " ")
            line.start("CATEGORIES:")
            line.appendText(TextSanitizer.text(clean), separators: .raw)
            line.fold(into: &output)
        }
        if let status = event.status {
            switch status {
            case .tentative: append("STATUS:TENTATIVE\r\n", to: &output)
            case .confirmed: append("STATUS:CONFIRMED\r\n", to: &output)
            case .cancelled: append("STATUS:CANCELLED\r\n", to: &output)
            }
        }
        append(event.transparency == .transparent ? "TRANSP:TRANSPARENT\r\n" : "TRANSP:OPAQUE\r\n", to: &output)
        if let maker = event.bookedBy, EventRules.isPlainValue(maker) {
            line.start("\(EventRules.bookedByProperty):")
            line.appendRaw(maker)
            line.fold(into: &output)
        }
        if !event.changeNotes.isEmpty {
            line.start("\(EventRules.changesProperty):")
            line.appendDecimal(event.changeNotes.count)
            line.fold(into: &output)
        }
        for relation in event.relations {
            line.start("RELATED-TO")
            line.appendParameter("RELTYPE", relation.kind.rawValue)
            line.append(":")
            line.appendText(TextSanitizer.text(relation.uid))
            line.fold(into: &output)
        }
        if !extensions.isEmpty {
            for (name, value) in extensions.sorted(by: { $0.key < $1.key }) {
                guard EventRules.isExtensionName(name), EventRules.isPlainValue(value) else { throw .extensionProperty(name) }
                line.start(name)
                line.append(":")
                line.appendText(value, separators: .raw)
                line.fold(into: &output)
            }
        }
        for alarm in event.alarms { self.alarm(alarm, &line, &output) }
        append("END:VEVENT\r\n", to: &output)
    }

    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// A TEXT property, cleaned and escaped.
    private static func text(_ name: StaticString, _ value: String, _ line: inout ContentLine, _ output: inout [UInt8]) {
        line.start(name)
        line.append(":")
        line.appendText(TextSanitizer.text(value))
        line.fold(into: &output)
    }

    /// A UTC date-time property such as DTSTAMP or LAST-MODIFIED.
    private static func instant(_ name: StaticString, _ instant: Instant, _ line: inout ContentLine, _ output: inout [UInt8]) {
        line.start(name)
        line.append(":")
        line.appendDateTime(instant.utcDateTime, utc: true)
        line.fold(into: &output)
    }

    /// DTSTART or DTEND in the event time's form; a zoned time whose wall time repeats goes in
    /// UTC (see ``EventModel/EventTime/isRepeatedWallTime``).
    private static func time(_ name: StaticString, _ time: EventTime, _ line: inout ContentLine, _ output: inout [UInt8]) {
        line.start(name)
        switch time {
        case .date(let date):
            line.append(";VALUE=DATE:")
            line.appendDate(date)
        case .zoned(_, _, _) where time.isRepeatedWallTime:
            line.append(":")
            line.appendDateTime(time.instant.utcDateTime, utc: true)
        case .zoned(let local, let zone, _):
            line.appendParameter("TZID", zone)
            line.append(":")
            line.appendDateTime(local, utc: false)
        case .utc(let local):
            line.append(":")
            line.appendDateTime(local, utc: true)
        case .floating(let local):
            line.append(":")
            line.appendDateTime(local, utc: false)
        }
        line.fold(into: &output)
    }

    /// `GEO` as libical writes it: `%f;%f`, by the C library, so the rounding is the same.
    private static func geo(_ geo: GeoCoordinate) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 96) { buffer in
            let count = withVaList([geo.latitude, geo.longitude]) { vsnprintf(buffer.baseAddress, 96, "%f;%f", $0) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(max(0, min(count, 95)))), as: UTF8.self)
        }
    }

    /// `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=…;X-APPLE-RADIUS=…;X-TITLE=…:geo:lat,lon`.
    private static func structuredLocation(_ place: StructuredLocation, _ line: inout ContentLine, _ output: inout [UInt8]) {
        line.start("X-APPLE-STRUCTURED-LOCATION;VALUE=URI")
        if let address = place.address { line.appendParameter("X-ADDRESS", TextSanitizer.parameter(address)) }
        line.appendParameter("X-APPLE-RADIUS", String(Int(EventRules.radius(of: place).rounded())))
        line.appendParameter("X-TITLE", TextSanitizer.parameter(place.title))
        line.append(":")
        line.appendText(EventRules.geoURI(place.coordinate), separators: .raw)
        line.fold(into: &output)
    }

    /// A DISPLAY alarm; the page to open, if any, goes at the end of its text.
    private static func alarm(_ alarm: EventAlarm, _ line: inout ContentLine, _ output: inout [UInt8]) {
        append("BEGIN:VALARM\r\nACTION:DISPLAY\r\n", to: &output)
        line.start("TRIGGER")
        switch alarm.trigger {
        case .beforeStart(let seconds):
            line.append(":")
            duration(Int(Int32(clamping: -seconds)), &line)
        case .at(let instant):
            line.append(";VALUE=DATE-TIME:")
            line.appendDateTime(instant.utcDateTime, utc: true)
        }
        line.fold(into: &output)
        text("DESCRIPTION", alarm.url.map { "\(alarm.message)\n\($0)" } ?? alarm.message, &line, &output)
        append("END:VALARM\r\n", to: &output)
    }

    /// A duration of whole seconds as libical writes it (`icaldurationtype_from_int`, then
    /// `icaldurationtype_as_ical_string_r`): weeks when it is a whole number of them, else days
    /// and a time part; `PT0S` for none.
    private static func duration(_ seconds: Int, _ line: inout ContentLine) {
        guard seconds != 0 else {
            line.append("PT0S")
            return
        }
        if seconds < 0 { line.append("-") }
        let total = Int(UInt32(truncatingIfNeeded: Int32(truncatingIfNeeded: seconds).magnitude))
        line.append("P")
        if total % 604_800 == 0 {
            line.appendDecimal(total / 604_800)
            line.append("W")
            return
        }
        let days = total / 86_400
        let hours = total % 86_400 / 3_600
        let minutes = total % 3_600 / 60
        let rest = total % 60
        if days != 0 {
            line.appendDecimal(days)
            line.append("D")
        }
        guard hours != 0 || minutes != 0 || rest != 0 else { return }
        line.append("T")
        if hours != 0 {
            line.appendDecimal(hours)
            line.append("H")
        }
        if minutes != 0 {
            line.appendDecimal(minutes)
            line.append("M")
        }
        if rest != 0 {
            line.appendDecimal(rest)
            line.append("S")
        }
    }
}
