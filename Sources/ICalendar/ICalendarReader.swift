import CLibical
import Chrono
import EventModel

/// Reads events back from iCalendar text, through libical: the previous version of a feed.
///
/// Reading is safe from several threads at once: each call parses its own text.
///
/// Every property this package writes is read back into the ``EventModel/CalendarEvent`` it came
/// from, so writing a read event again gives the same bytes. Properties this package does not
/// write (attendees, recurrence rules) are not kept, but for the non-standard ones asked for
/// (``extensionNames``). libical is lenient: it reads what it can, and an event without a UID or
/// start is left out and named in ``ICalendarDocument/problems``.
public struct ICalendarReader: Sendable {
    /// The non-standard properties (`X-RESERVATION-FEED-DIGEST`) kept in
    /// ``ICalendarDocument/extensions``.
    var extensionNames: Set<String>

    /// Creates a reader.
    ///
    /// - Parameter extensionNames: Non-standard properties to keep, by name.
    public init(keeping extensionNames: Set<String> = []) {
        self.extensionNames = extensionNames
    }

    /// Reads the events of an iCalendar object.
    ///
    /// Each VEVENT is read on its own (see ``ICalendarEventIndex``), so one broken event does
    /// not hide the others.
    ///
    /// - Throws: ``ICalendarReadError/notICalendar(_:)`` when the text is not iCalendar at all.
    public func read(_ text: String) throws(ICalendarReadError) -> ICalendarDocument {
        let bytes = Array(text.utf8)
        let index = try ICalendarEventIndex(bytes)
        var document = ICalendarDocument(events: [], problems: index.problems)
        for (position, entry) in index.entries.enumerated() {
            do {
                let (event, extensions) = try eventAndExtensions(in: bytes[entry.range])
                document.events.append(event)
                if !extensions.isEmpty, document.extensions[event.uid] == nil { document.extensions[event.uid] = extensions }
            } catch {
                document.problems.append("the event at position \(position + 1) \(error.reason)")
            }
        }
        return document
    }

    /// Reads one VEVENT: the text from `BEGIN:VEVENT` to `END:VEVENT`, as ``ICalendarEventIndex``
    /// finds it.
    ///
    /// - Throws: ``ICalendarReadError/unreadableEvent(_:)`` when libical cannot read it, or it
    ///   has no UID or no start.
    public func event(in text: ArraySlice<UInt8>) throws(ICalendarReadError) -> CalendarEvent {
        try eventAndExtensions(in: text).event
    }

    /// One VEVENT and the non-standard properties of ``extensionNames`` it has.
    private func eventAndExtensions(in text: ArraySlice<UInt8>) throws(ICalendarReadError) -> (event: CalendarEvent, extensions: [String: String]) {
        // A C string: NUL would end it early.
        var characters = text.compactMap { $0 == 0 ? nil : CChar(bitPattern: $0) }
        characters.append(0)
        guard let root = icalparser_parse_string(characters) else { throw .unreadableEvent("cannot be parsed") }
        let component = LibicalComponent(adopting: root)
        var event = component.pointer
        if icalcomponent_isa(event) != ICAL_VEVENT_COMPONENT {
            guard let inner = icalcomponent_get_first_component(event, ICAL_VEVENT_COMPONENT) else {
                throw .unreadableEvent("is not a VEVENT")
            }
            event = inner
        }
        switch Self.read(event) {
        case .success(let value): return (value, extensionNames.isEmpty ? [:] : Self.extensions(event, named: extensionNames))
        case .failure(let problem): throw .unreadableEvent(problem.reason)
        }
    }

    private struct EventReadError: Error {
        let reason: String
    }

    private static func read(_ component: OpaquePointer) -> Result<CalendarEvent, EventReadError> {
        guard let uid = text(component, ICAL_UID_PROPERTY, icalproperty_get_uid), !uid.isEmpty else {
            return .failure(EventReadError(reason: "has no UID"))
        }
        if let far = timeBeyondReadableYears(of: component) { return .failure(EventReadError(reason: "(UID \(uid)) \(far)")) }
        guard let startProperty = icalcomponent_get_first_property(component, ICAL_DTSTART_PROPERTY),
            let start = time(startProperty, icalproperty_get_dtstart(startProperty))
        else {
            return .failure(EventReadError(reason: "(UID \(uid)) has no readable DTSTART"))
        }
        var event = CalendarEvent(uid: uid, summary: text(component, ICAL_SUMMARY_PROPERTY, icalproperty_get_summary) ?? "", start: start)
        if let property = icalcomponent_get_first_property(component, ICAL_DTEND_PROPERTY) {
            event.end = time(property, icalproperty_get_dtend(property))
        }
        event.notes = text(component, ICAL_DESCRIPTION_PROPERTY, icalproperty_get_description)
        event.location = text(component, ICAL_LOCATION_PROPERTY, icalproperty_get_location)
        // A link a feed may not carry (one an earlier version kept) is not read back.
        event.url = text(component, ICAL_URL_PROPERTY, icalproperty_get_url).flatMap { WebLink.isKept($0) ? $0 : nil }
        if let property = icalcomponent_get_first_property(component, ICAL_GEO_PROPERTY) {
            let geo = icalproperty_get_geo(property)
            let point = GeoCoordinate(latitude: geo.lat, longitude: geo.lon)
            event.geo = point.isValid ? point : nil
        }
        if let property = icalcomponent_get_first_property(component, ICAL_SEQUENCE_PROPERTY) {
            event.sequence = Int(icalproperty_get_sequence(property))
        }
        if let property = icalcomponent_get_first_property(component, ICAL_DTSTAMP_PROPERTY) {
            event.stamp = instant(icalproperty_get_dtstamp(property))
        }
        if let property = icalcomponent_get_first_property(component, ICAL_LASTMODIFIED_PROPERTY) {
            event.lastModified = instant(icalproperty_get_lastmodified(property))
        }
        if let property = icalcomponent_get_first_property(component, ICAL_STATUS_PROPERTY) {
            switch icalproperty_get_status(property) {
            case ICAL_STATUS_TENTATIVE: event.status = .tentative
            case ICAL_STATUS_CONFIRMED: event.status = .confirmed
            case ICAL_STATUS_CANCELLED: event.status = .cancelled
            default: event.status = nil
            }
        }
        if let property = icalcomponent_get_first_property(component, ICAL_TRANSP_PROPERTY) {
            event.transparency = icalproperty_get_transp(property) == ICAL_TRANSP_TRANSPARENT ? .transparent : .opaque
        }
        var property = icalcomponent_get_first_property(component, ICAL_CATEGORIES_PROPERTY)
        while let current = property {
            if let value = icalproperty_get_categories(current) { event.categories.append(String(cString: value)) }
            property = icalcomponent_get_next_property(component, ICAL_CATEGORIES_PROPERTY)
        }
        event.structuredLocation = structuredLocation(component, geo: event.geo)
        event.travelTime = travelTime(component)
        event.bookedBy = extensionText(component, named: EventRules.bookedByProperty).flatMap { EventRules.isPlainValue($0) ? $0.lowercased() : nil }
        event.relations = relations(component)
        let changes = extensionText(component, named: EventRules.changesProperty).flatMap { Int($0) }
        (event.changeNotes, event.notes) = EventRules.split(description: event.notes, changes: changes)
        var alarm = icalcomponent_get_first_component(component, ICAL_VALARM_COMPONENT)
        while let current = alarm {
            if let value = self.alarm(current) { event.alarms.append(value) }
            alarm = icalcomponent_get_next_component(component, ICAL_VALARM_COMPONENT)
        }
        return .success(event)
    }

    /// The event's `RELATED-TO` properties of the kinds this tool writes (a `PARENT`, the
    /// default, is not one of them).
    private static func relations(_ component: OpaquePointer) -> [EventRelation] {
        var relations: [EventRelation] = []
        var property = icalcomponent_get_first_property(component, ICAL_RELATEDTO_PROPERTY)
        while let current = property {
            property = icalcomponent_get_next_property(component, ICAL_RELATEDTO_PROPERTY)
            guard let value = icalproperty_get_relatedto(current), let parameter = icalproperty_get_first_parameter(current, ICAL_RELTYPE_PARAMETER)
            else { continue }
            let uid = String(cString: value)
            switch icalparameter_get_reltype(parameter) {
            case ICAL_RELTYPE_CHILD: relations.append(EventRelation(.child, uid))
            case ICAL_RELTYPE_SIBLING: relations.append(EventRelation(.sibling, uid))
            default: continue
            }
        }
        return relations
    }

    /// The value of the first non-standard property of that name, as written.
    private static func extensionText(_ component: OpaquePointer, named name: String) -> String? {
        var property = icalcomponent_get_first_property(component, ICAL_X_PROPERTY)
        while let current = property {
            if let xName = icalproperty_get_x_name(current), String(cString: xName).uppercased() == name,
                let value = icalproperty_get_value_as_string(current)
            {
                return String(cString: value)
            }
            property = icalcomponent_get_next_property(component, ICAL_X_PROPERTY)
        }
        return nil
    }

    /// The text of the first property of a kind, unescaped.
    private static func text(
        _ component: OpaquePointer, _ kind: icalproperty_kind, _ getter: (OpaquePointer) -> UnsafePointer<CChar>?
    ) -> String? {
        guard let property = icalcomponent_get_first_property(component, kind), let value = getter(property) else {
            return nil
        }
        return String(cString: value)
    }

    /// What is wrong when DTSTART's or DTEND's year lies outside ``LocalDate/readableYears``
    /// (`has DTSTART in year 9999, outside 0002-9998, the years read here`), else `nil`: such
    /// an event is refused before any of its times is converted.
    static func timeBeyondReadableYears(of component: OpaquePointer) -> String? {
        let properties: [(icalproperty_kind, String, (OpaquePointer) -> icaltimetype)] = [
            (ICAL_DTSTART_PROPERTY, "DTSTART", icalproperty_get_dtstart), (ICAL_DTEND_PROPERTY, "DTEND", icalproperty_get_dtend),
        ]
        for (kind, name, value) in properties {
            guard let property = icalcomponent_get_first_property(component, kind) else { continue }
            let time = value(property)
            guard icaltime_is_null_time(time) == 0, !LocalDate.readableYears.contains(Int(time.year)) else { continue }
            return "has \(name) in year \(time.year), outside 0002-9998, the years read here"
        }
        return nil
    }

    /// DTSTART or DTEND as an event time: a date, a time in its TZID's zone, UTC, or floating.
    private static func time(_ property: OpaquePointer, _ value: icaltimetype) -> EventTime? {
        if value.is_date == 1 {
            return LocalDate(year: Int(value.year), month: Int(value.month), day: Int(value.day)).map(EventTime.date)
        }
        guard let local = localDateTime(value) else { return nil }
        if let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
            let zone = icalparameter_get_tzid(parameter)
        {
            return .zoned(local, in: String(cString: zone))
        }
        return icaltime_is_utc(value) == 1 ? .utc(local) : .floating(local)
    }

    private static func localDateTime(_ value: icaltimetype) -> LocalDateTime? {
        LocalDateTime(
            year: Int(value.year), month: Int(value.month), day: Int(value.day), hour: Int(value.hour),
            minute: Int(value.minute), second: Int(value.second))
    }

    private static func instant(_ value: icaltimetype) -> Instant? {
        localDateTime(value)?.instant(at: .zero)
    }

    /// `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=…;X-APPLE-RADIUS=…;X-TITLE=…:geo:lat,lon`.
    ///
    /// Radicale stores it cut at the comma (`geo:lat`: vobject reads the values of X- properties
    /// as lists and keeps the first); the longitude is then taken from GEO, when GEO has the same
    /// latitude, so that an event read back from such a server is the event that was written.
    private static func structuredLocation(_ component: OpaquePointer, geo: GeoCoordinate?) -> StructuredLocation? {
        var property = icalcomponent_get_first_property(component, ICAL_X_PROPERTY)
        while let current = property {
            defer { property = icalcomponent_get_next_property(component, ICAL_X_PROPERTY) }
            // The value is typed URI (VALUE=URI), so it is read as a string, not as an X value.
            guard let name = icalproperty_get_x_name(current), String(cString: name) == "X-APPLE-STRUCTURED-LOCATION",
                let raw = icalproperty_get_value_as_string(current)
            else { continue }
            let value = String(cString: raw)
            var numbers = value.hasPrefix("geo:") ? value.dropFirst(4).split(separator: ",").compactMap { Double($0) } : []
            if numbers.count == 1, let geo, geo.latitude == numbers[0] { numbers.append(geo.longitude) }
            guard numbers.count == 2, GeoCoordinate(latitude: numbers[0], longitude: numbers[1]).isValid else { continue }
            var parameters: [String: String] = [:]
            var parameter = icalproperty_get_first_parameter(current, ICAL_X_PARAMETER)
            while let currentParameter = parameter {
                if let key = icalparameter_get_xname(currentParameter), let text = icalparameter_get_xvalue(currentParameter) {
                    parameters[String(cString: key)] = String(cString: text)
                }
                parameter = icalproperty_get_next_parameter(current, ICAL_X_PARAMETER)
            }
            return StructuredLocation(
                title: parameters["X-TITLE"] ?? "", address: parameters["X-ADDRESS"],
                coordinate: GeoCoordinate(latitude: numbers[0], longitude: numbers[1]),
                radius: parameters["X-APPLE-RADIUS"].flatMap(Double.init).flatMap { (0...1_000_000).contains($0) ? $0 : nil } ?? 70)
        }
        return nil
    }

    /// Apple's travel time (`X-APPLE-TRAVEL-DURATION;VALUE=DURATION:PT45M`), in seconds, when it
    /// is a positive duration of a day or less.
    private static func travelTime(_ component: OpaquePointer) -> Int? {
        var property = icalcomponent_get_first_property(component, ICAL_X_PROPERTY)
        while let current = property {
            defer { property = icalcomponent_get_next_property(component, ICAL_X_PROPERTY) }
            guard let name = icalproperty_get_x_name(current), String(cString: name) == EventRules.travelTimeProperty,
                let raw = icalproperty_get_value_as_string(current)
            else { continue }
            let duration = icaldurationtype_from_string(raw)
            guard icaldurationtype_is_bad_duration(duration) == 0, duration.is_neg == 0 else { return nil }
            let seconds = Int(icaldurationtype_as_int(duration))
            return (1...86_400).contains(seconds) ? seconds : nil
        }
        return nil
    }

    /// The first value of each of the named non-standard properties the event has.
    private static func extensions(_ component: OpaquePointer, named names: Set<String>) -> [String: String] {
        var found: [String: String] = [:]
        var property = icalcomponent_get_first_property(component, ICAL_X_PROPERTY)
        while let current = property {
            if let name = icalproperty_get_x_name(current).map({ String(cString: $0) }), names.contains(name), found[name] == nil,
                let value = icalproperty_get_x(current)
            {
                found[name] = String(cString: value)
            }
            property = icalcomponent_get_next_property(component, ICAL_X_PROPERTY)
        }
        return found
    }

    private static func alarm(_ component: OpaquePointer) -> EventAlarm? {
        guard let property = icalcomponent_get_first_property(component, ICAL_TRIGGER_PROPERTY) else { return nil }
        let trigger = icalproperty_get_trigger(property)
        let message = text(component, ICAL_DESCRIPTION_PROPERTY, icalproperty_get_description) ?? ""
        if icaltime_is_null_time(trigger.time) == 0, let instant = instant(trigger.time) {
            return EventAlarm(trigger: .at(instant), message: message)
        }
        return EventAlarm(trigger: .beforeStart(seconds: -Int(icaldurationtype_as_int(trigger.duration))), message: message)
    }
}
