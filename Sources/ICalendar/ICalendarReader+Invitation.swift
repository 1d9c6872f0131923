import CLibical
import Chrono
import EventModel

extension ICalendarReader {
    /// Reads a calendar file someone sent: its METHOD and its events, with the times of each in
    /// the zones its TZIDs name: an IANA zone as the system's tz database has it, any other TZID
    /// through the file's own VTIMEZONE (the wall time kept, with the UTC offset that VTIMEZONE
    /// gives it then). libical's prefixed TZIDs (`/freeassociation.sourceforge.net/Europe/Berlin`)
    /// count as the IANA name they end with. Floating times in a file that defines exactly one
    /// zone, an IANA one, are read in that zone.
    ///
    /// - Throws: ``ICalendarReadError/notICalendar(_:)`` when the text is not iCalendar at all.
    public func invitation(_ text: String) throws(ICalendarReadError) -> ICalendarInvitation {
        var characters = Array(text.utf8).compactMap { $0 == 0 ? nil : CChar(bitPattern: $0) }
        characters.append(0)
        guard text.contains("BEGIN:VCALENDAR") || text.contains("BEGIN:VEVENT"), let parsed = icalparser_parse_string(characters) else {
            throw .notICalendar("it does not start a VCALENDAR")
        }
        let root = LibicalComponent(adopting: parsed)
        let calendar = root.pointer
        Self.unquoteZoneNames(in: calendar)
        var invitation = ICalendarInvitation(method: nil, events: [])
        invitation.problems += Self.removeRunawayZones(from: calendar)
        if let property = icalcomponent_get_first_property(calendar, ICAL_METHOD_PROPERTY),
            let value = icalproperty_get_value_as_string(property)
        {
            invitation.method = String(cString: value).uppercased()
        }
        var components: [OpaquePointer] = []
        if icalcomponent_isa(calendar) == ICAL_VEVENT_COMPONENT {
            components.append(calendar)
        } else {
            var component = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT)
            while let current = component {
                components.append(current)
                component = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)
            }
        }
        let declarations = Declarations(calendar)
        for (position, component) in components.enumerated() {
            do {
                invitation.events.append(declarations.declaring(try Self.invitedEvent(component, in: calendar)))
            } catch {
                invitation.problems.append("the event at position \(position + 1) \(error.reason)")
            }
        }
        invitation.eventsWithUnreadZones = declarations.unreadEvents
        return invitation
    }

    /// Takes the double quotes off VTIMEZONE names written in them (Exchange writes
    /// `TZID:"(UTC+01:00) Amsterdam, Berlin, …"`), which the TZID parameters that name them do
    /// not keep: the zone is taken out and put back, for libical to know it by its new name.
    private static func unquoteZoneNames(in calendar: OpaquePointer) {
        var quoted: [(zone: OpaquePointer, property: OpaquePointer, name: String)] = []
        var component = icalcomponent_get_first_component(calendar, ICAL_VTIMEZONE_COMPONENT)
        while let zone = component {
            if let property = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY), let value = icalproperty_get_tzid(property) {
                let name = String(cString: value)
                if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { quoted.append((zone, property, String(name.dropFirst().dropLast()))) }
            }
            component = icalcomponent_get_next_component(calendar, ICAL_VTIMEZONE_COMPONENT)
        }
        for (zone, property, name) in quoted {
            icalcomponent_remove_component(calendar, zone)
            icalproperty_set_tzid(property, name)
            icalcomponent_add_component(calendar, zone)
        }
    }

    /// The most observances (STANDARD, DAYLIGHT) and dates (RDATE) one VTIMEZONE may have.
    static let observanceLimit = 400

    /// Takes out the VTIMEZONEs whose changes libical would list without end: an observance
    /// repeated other than yearly (`RRULE:FREQ=MINUTELY` made libical list changes without end
    /// from an 800-byte file: docs/reliability.md), or more observances and dates
    /// than ``observanceLimit``. Every time zone there is changes at most a few times a year.
    /// The events that name such a zone are read as if it had no definition (by its name, or
    /// floating), and the file says which zone was left out.
    ///
    /// - Returns: What is said of each zone taken out.
    private static func removeRunawayZones(from calendar: OpaquePointer) -> [String] {
        var runaway: [(zone: OpaquePointer, name: String, why: String)] = []
        var component = icalcomponent_get_first_component(calendar, ICAL_VTIMEZONE_COMPONENT)
        while let zone = component {
            defer { component = icalcomponent_get_next_component(calendar, ICAL_VTIMEZONE_COMPONENT) }
            let name = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY).flatMap { icalproperty_get_tzid($0) }.map { String(cString: $0) } ?? "?"
            var count = 0
            var why: String?
            for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
                var observance = icalcomponent_get_first_component(zone, kind)
                while let current = observance, why == nil {
                    count += 1 + Int(icalcomponent_count_properties(current, ICAL_RDATE_PROPERTY))
                    var rule = icalcomponent_get_first_property(current, ICAL_RRULE_PROPERTY)
                    while let property = rule, why == nil {
                        let recurrence = icalproperty_get_rrule(property)
                        if recurrence.freq != ICAL_YEARLY_RECURRENCE { why = "repeats other than yearly (RRULE)" }
                        rule = icalcomponent_get_next_property(current, ICAL_RRULE_PROPERTY)
                    }
                    observance = icalcomponent_get_next_component(zone, kind)
                }
            }
            if why == nil, count > observanceLimit { why = "has \(count) observances and dates, more than the \(observanceLimit) read" }
            if let why { runaway.append((zone, name, why)) }
        }
        return runaway.map { zone, name, why in
            icalcomponent_remove_component(calendar, zone)
            icalcomponent_free(zone)
            return "the VTIMEZONE \"\(name)\" \(why): its definition is not read, and its events are read by its name alone"
        }
    }

    /// What the file's own VTIMEZONEs declare, read once for each zone and span of years, and at
    /// most ``limit`` times a file.
    private final class Declarations {
        /// Spans read at most for one file: a file of many events over many years cannot make
        /// its reading long.
        static let limit = 64
        let calendar: OpaquePointer
        var read: [String: DeclaredZone] = [:]
        /// Events whose zones the file defines but whose definitions were not read: dates outside
        /// 1900–2200, or past the ``limit``.
        private(set) var unreadEvents = 0

        init(_ calendar: OpaquePointer) {
            self.calendar = calendar
        }

        /// The event with the declarations of the zones its times name, as far as the file
        /// defines them and they are read.
        func declaring(_ event: ICalendarInvitation.Event) -> ICalendarInvitation.Event {
            var event = event
            var unread = false
            for name in Set([event.startZoneName, event.endZoneName].compactMap { $0 }).sorted() {
                guard let zone = icalcomponent_get_timezone(calendar, name) else { continue }
                if let declared = declaration(of: zone, named: name, for: event) {
                    event.declaredZones.append(declared)
                } else {
                    unread = true
                }
            }
            if unread { unreadEvents += 1 }
            return event
        }

        /// The VTIMEZONE `zone`, named `name` (not an IANA name), as the offsets it gives over
        /// the years about the event's dates: from the start of the year before its start to the
        /// end of the year after its end (three years at most), a year of its rules either side,
        /// daylight saving time and all. `nil` when the dates are outside 1900–2200, or the file
        /// has had its ``limit`` of spans read.
        private func declaration(of zone: OpaquePointer, named name: String, for event: ICalendarInvitation.Event) -> DeclaredZone? {
            let first = event.start.date.year
            let last = min((event.end ?? event.start).date.year, first + 1)
            guard first >= 1900, last <= 2200, first <= last else { return nil }
            let key = "\(first)-\(last)|\(name)"
            if let known = read[key] { return known }
            guard read.count < Self.limit else { return nil }
            // The same years about the events as the feed's own VTIMEZONEs cover.
            let start = TimeZoneComponents.startOfYear(first - 1)
            let end = TimeZoneComponents.startOfYear(last + 2)
            let declared = DeclaredZone(name: name, from: start, to: end) { instant in
                var time = icaltime_from_timet_with_zone(time_t(instant.secondsSinceEpoch), 0, icaltimezone_get_utc_timezone())
                var isDaylight: Int32 = 0
                return UTCOffset(seconds: Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, &isDaylight)))
            }
            read[key] = declared
            return declared
        }
    }

    private struct InvitationReadError: Error {
        let reason: String
    }

    private static func invitedEvent(_ component: OpaquePointer, in calendar: OpaquePointer) throws(InvitationReadError) -> ICalendarInvitation.Event {
        func text(_ kind: icalproperty_kind, _ getter: (OpaquePointer) -> UnsafePointer<CChar>?) -> String? {
            guard let property = icalcomponent_get_first_property(component, kind), let value = getter(property) else { return nil }
            let string = String(cString: value)
            return string.isEmpty ? nil : string
        }
        guard let uid = text(ICAL_UID_PROPERTY, icalproperty_get_uid) else { throw InvitationReadError(reason: "has no UID") }
        if let far = timeBeyondReadableYears(of: component) { throw InvitationReadError(reason: "(UID \(uid)) \(far)") }
        guard let startProperty = icalcomponent_get_first_property(component, ICAL_DTSTART_PROPERTY),
            let read = time(startProperty, icalproperty_get_dtstart(startProperty), calendar: calendar)
        else { throw InvitationReadError(reason: "(UID \(uid)) has no readable DTSTART") }
        let (start, startZoneName) = read
        var end: DateTimeValue? = nil
        var endZoneName: String? = nil
        if let property = icalcomponent_get_first_property(component, ICAL_DTEND_PROPERTY) {
            if let read = time(property, icalproperty_get_dtend(property), calendar: calendar) { (end, endZoneName) = read }
        } else if let property = icalcomponent_get_first_property(component, ICAL_DURATION_PROPERTY),
            case .dateTime(let local, let zone, let offset) = start
        {
            // In 64 bits: libical's own sum is an int, which P2147483647W wraps.
            let duration = icalproperty_get_duration(property)
            let magnitude =
                Int64(duration.weeks) * 604_800 + Int64(duration.days) * 86_400 + Int64(duration.hours) * 3_600
                + Int64(duration.minutes) * 60 + Int64(duration.seconds)
            let seconds = duration.is_neg != 0 ? -magnitude : magnitude
            let base = local.instant(at: .zero)
            let shifted = Instant(secondsSinceEpoch: base.secondsSinceEpoch + seconds).localDateTime(at: .zero)
            guard shifted.date.isReadable else {
                throw InvitationReadError(reason: "(UID \(uid)) has a DURATION that ends in year \(shifted.date.year), outside 0002-9998, the years read here")
            }
            end = .dateTime(shifted, timeZone: zone, utcOffset: zone.flatMap { zone in
                TimeZoneRules.instant(of: shifted, in: zone).flatMap { TimeZoneRules.offset(in: zone, at: $0) }
            } ?? offset)
            endZoneName = startZoneName
        }
        var status: EventStatus? = nil
        if let property = icalcomponent_get_first_property(component, ICAL_STATUS_PROPERTY) {
            switch icalproperty_get_status(property) {
            case ICAL_STATUS_TENTATIVE: status = .tentative
            case ICAL_STATUS_CONFIRMED: status = .confirmed
            case ICAL_STATUS_CANCELLED: status = .cancelled
            default: status = nil
            }
        }
        var geo: GeoCoordinate? = nil
        if let property = icalcomponent_get_first_property(component, ICAL_GEO_PROPERTY) {
            let value = icalproperty_get_geo(property)
            let point = GeoCoordinate(latitude: value.lat, longitude: value.lon)
            geo = point.isValid ? point : nil
        }
        var modified: Instant? = nil
        if let property = icalcomponent_get_first_property(component, ICAL_LASTMODIFIED_PROPERTY) {
            modified = utcInstant(icalproperty_get_lastmodified(property))
        } else if let property = icalcomponent_get_first_property(component, ICAL_DTSTAMP_PROPERTY) {
            modified = utcInstant(icalproperty_get_dtstamp(property))
        }
        var sequence = 0
        if let property = icalcomponent_get_first_property(component, ICAL_SEQUENCE_PROPERTY) {
            sequence = Int(icalproperty_get_sequence(property))
        }
        return ICalendarInvitation.Event(
            uid: uid, summary: text(ICAL_SUMMARY_PROPERTY, icalproperty_get_summary),
            description: text(ICAL_DESCRIPTION_PROPERTY, icalproperty_get_description),
            location: text(ICAL_LOCATION_PROPERTY, icalproperty_get_location), geo: geo, url: text(ICAL_URL_PROPERTY, icalproperty_get_url),
            start: start, end: end, startZoneName: startZoneName, endZoneName: endZoneName, status: status, sequence: sequence,
            modified: modified)
    }

    /// A DTSTART or DTEND as a date-time value with its zone, and its TZID when that is not an
    /// IANA name.
    private static func time(_ property: OpaquePointer, _ value: icaltimetype, calendar: OpaquePointer) -> (DateTimeValue, String?)? {
        if value.is_date == 1 {
            return LocalDate(year: Int(value.year), month: Int(value.month), day: Int(value.day)).map { (DateTimeValue.date($0), nil) }
        }
        guard
            let local = LocalDateTime(
                year: Int(value.year), month: Int(value.month), day: Int(value.day), hour: Int(value.hour), minute: Int(value.minute),
                second: Int(value.second))
        else { return nil }
        if icaltime_is_utc(value) == 1 { return (.dateTime(local, timeZone: nil, utcOffset: .zero), nil) }
        guard let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER), let raw = icalparameter_get_tzid(parameter) else {
            // Floating, as RFC 5545 reads it; but a file that defines exactly one zone, an IANA
            // one, means its times in it (Deutsche Bahn's calendar files do this).
            if let zone = onlyZone(of: calendar) {
                return (.dateTime(local, timeZone: zone, utcOffset: TimeZoneRules.reading(of: local, in: zone)?.offset), nil)
            }
            return (.dateTime(local, timeZone: nil, utcOffset: nil), nil)
        }
        let tzid = String(cString: raw)
        if let zone = ianaName(tzid) {
            let offset = TimeZoneRules.reading(of: local, in: zone)?.offset
            return (.dateTime(local, timeZone: zone, utcOffset: offset), nil)
        }
        // Not an IANA name: the file's VTIMEZONE says what offset the wall time has.
        guard let zone = icalcomponent_get_timezone(calendar, raw) else { return (.dateTime(local, timeZone: nil, utcOffset: nil), tzid) }
        var zoned = value
        zoned.zone = zone
        let utc = icaltime_convert_to_zone(zoned, icaltimezone_get_utc_timezone())
        guard let instant = utcInstant(utc) else { return (.dateTime(local, timeZone: nil, utcOffset: nil), tzid) }
        let offset = UTCOffset(seconds: Int(local.instant(at: .zero).secondsSinceEpoch - instant.secondsSinceEpoch))
        return (.dateTime(local, timeZone: nil, utcOffset: offset), tzid)
    }

    /// The IANA name of the file's one VTIMEZONE, when it defines exactly one and its TZID (or
    /// `X-LIC-LOCATION`) is such a name.
    private static func onlyZone(of calendar: OpaquePointer) -> String? {
        guard icalcomponent_count_components(calendar, ICAL_VTIMEZONE_COMPONENT) == 1,
            let zone = icalcomponent_get_first_component(calendar, ICAL_VTIMEZONE_COMPONENT)
        else { return nil }
        if let property = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY), let value = icalproperty_get_tzid(property),
            let name = ianaName(String(cString: value))
        {
            return name
        }
        var property = icalcomponent_get_first_property(zone, ICAL_X_PROPERTY)
        while let current = property {
            if let name = icalproperty_get_x_name(current), String(cString: name) == "X-LIC-LOCATION", let value = icalproperty_get_x(current) {
                return ianaName(String(cString: value))
            }
            property = icalcomponent_get_next_property(zone, ICAL_X_PROPERTY)
        }
        return nil
    }

    /// The IANA zone a TZID names, if it names one: itself, or the end of a prefixed one.
    static func ianaName(_ tzid: String) -> String? {
        if TimeZoneRules.isKnown(tzid) { return tzid }
        let parts = tzid.split(separator: "/")
        for start in parts.indices.dropFirst() {
            let candidate = parts[start...].joined(separator: "/")
            if candidate.contains("/"), TimeZoneRules.isKnown(candidate) { return candidate }
        }
        return nil
    }

    private static func utcInstant(_ value: icaltimetype) -> Instant? {
        LocalDateTime(
            year: Int(value.year), month: Int(value.month), day: Int(value.day), hour: Int(value.hour), minute: Int(value.minute),
            second: Int(value.second)
        )?.instant(at: .zero)
    }
}
