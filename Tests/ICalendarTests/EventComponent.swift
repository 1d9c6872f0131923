import Basics
import CLibical
import Chrono
import EventModel

@testable import ICalendar

/// Builds the VEVENT of one calendar event through libical: the reference the feed's
/// `EventText` is held to byte for byte. It lives with the tests, not in the programs: feeds are
/// written by `EventText`, which is several times faster.
enum EventComponent {
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
        let component = try LibicalComponent(ICAL_VEVENT_COMPONENT)
        component.add(try LibicalProperty.text("UID", event.uid) { icalproperty_new_uid($0) })
        component.add(try LibicalProperty.instant("DTSTAMP", event.stamp ?? stamp) { icalproperty_new_dtstamp($0) })
        if let lastModified = event.lastModified {
            component.add(try LibicalProperty.instant("LAST-MODIFIED", lastModified) { icalproperty_new_lastmodified($0) })
        }
        component.add(try LibicalProperty.make("SEQUENCE") { icalproperty_new_sequence(Int32(clamping: event.sequence)) })
        component.add(try LibicalProperty.time("DTSTART", event.start) { icalproperty_new_dtstart($0) })
        if let end = event.end {
            component.add(try LibicalProperty.time("DTEND", end) { icalproperty_new_dtend($0) })
        }
        component.add(try LibicalProperty.text("SUMMARY", event.summary) { icalproperty_new_summary($0) })
        if let location = event.location {
            component.add(try LibicalProperty.text("LOCATION", location) { icalproperty_new_location($0) })
        }
        if let geo = event.geo, geo.isValid {
            component.add(try LibicalProperty.make("GEO") { icalproperty_new_geo(icalgeotype(lat: geo.latitude, lon: geo.longitude)) })
        }
        if let place = event.structuredLocation, place.coordinate.isValid {
            component.add(try structuredLocation(place))
        }
        if let travel = event.travelTime, travel > 0 {
            let value = String(cString: icaldurationtype_as_ical_string(icaldurationtype_from_int(Int32(clamping: travel))))
            let property = try LibicalProperty.make(EventRules.travelTimeProperty) { icalproperty_new_x(value) }
            icalproperty_set_x_name(property, EventRules.travelTimeProperty)
            icalproperty_add_parameter(property, icalparameter_new_value(ICAL_VALUE_DURATION))
            component.add(property)
        }
        if let notes = event.notes {
            component.add(try LibicalProperty.text("DESCRIPTION", notes) { icalproperty_new_description($0) })
        }
        if let url = event.url {
            component.add(try LibicalProperty.uri("URL", url) { icalproperty_new_url($0) })
        }
        for category in event.categories {
            // One property per category: libical does not escape the commas that separate values.
            let clean = category.allUTF8Bytes({ $0 != UInt8(ascii: ",") }) ? category : category.replacing(",", with: " ")
            component.add(try LibicalProperty.text("CATEGORIES", clean) { icalproperty_new_categories($0) })
        }
        if let status = event.status {
            let value: icalproperty_status =
                switch status {
                case .tentative: ICAL_STATUS_TENTATIVE
                case .confirmed: ICAL_STATUS_CONFIRMED
                case .cancelled: ICAL_STATUS_CANCELLED
                }
            component.add(try LibicalProperty.make("STATUS") { icalproperty_new_status(value) })
        }
        let transparency = event.transparency == .transparent ? ICAL_TRANSP_TRANSPARENT : ICAL_TRANSP_OPAQUE
        component.add(try LibicalProperty.make("TRANSP") { icalproperty_new_transp(transparency) })
        for (name, value) in extensions.sorted(by: { $0.key < $1.key }) {
            guard EventRules.isExtensionName(name), EventRules.isPlainValue(value) else { throw .extensionProperty(name) }
            let property = try LibicalProperty.text(name, value) { icalproperty_new_x($0) }
            icalproperty_set_x_name(property, name)
            component.add(property)
        }
        for alarm in event.alarms {
            component.add(try self.alarm(alarm))
        }
        component.withText { ContentLines.refold($0, into: &output) }
    }

    /// `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=…;X-APPLE-RADIUS=…;X-TITLE=…:geo:lat,lon`.
    private static func structuredLocation(_ place: StructuredLocation) throws(ICalendarError) -> OpaquePointer {
        let value = EventRules.geoURI(place.coordinate)
        let property = try LibicalProperty.make("X-APPLE-STRUCTURED-LOCATION") { icalproperty_new_x(value) }
        icalproperty_set_x_name(property, "X-APPLE-STRUCTURED-LOCATION")
        icalproperty_add_parameter(property, icalparameter_new_value(ICAL_VALUE_URI))
        var parameters: [(String, String)] = []
        if let address = place.address { parameters.append(("X-ADDRESS", address)) }
        parameters.append(("X-APPLE-RADIUS", String(Int(EventRules.radius(of: place).rounded()))))
        parameters.append(("X-TITLE", place.title))
        for (name, text) in parameters {
            guard let parameter = icalparameter_new_x(TextSanitizer.parameter(text)) else {
                icalproperty_free(property)
                throw .libical("the \(name) parameter")
            }
            icalparameter_set_xname(parameter, name)
            icalproperty_add_parameter(property, parameter)
        }
        return property
    }

    /// A DISPLAY alarm; the page to open, if any, goes at the end of its text.
    private static func alarm(_ alarm: EventAlarm) throws(ICalendarError) -> LibicalComponent {
        let component = try LibicalComponent(ICAL_VALARM_COMPONENT)
        component.add(try LibicalProperty.make("ACTION") { icalproperty_new_action(ICAL_ACTION_DISPLAY) })
        var trigger = icaltriggertype(time: icaltime_null_time(), duration: icaldurationtype_null_duration())
        switch alarm.trigger {
        case .beforeStart(let seconds):
            trigger.duration = icaldurationtype_from_int(Int32(clamping: -seconds))
        case .at(let instant):
            trigger.time = LibicalProperty.icalUTC(instant.utcDateTime)
        }
        component.add(try LibicalProperty.make("TRIGGER") { icalproperty_new_trigger(trigger) })
        let message = alarm.url.map { "\(alarm.message)\n\($0)" } ?? alarm.message
        component.add(try LibicalProperty.text("DESCRIPTION", message) { icalproperty_new_description($0) })
        return component
    }
}
