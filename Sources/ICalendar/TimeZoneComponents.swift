import Parallel
import CLibical
import Chrono

/// VTIMEZONE components from libical's copy of the system tz database, with plain IANA TZIDs
/// and only the rules a feed needs.
///
/// libical names its built-in zones `/freeassociation.sourceforge.net/Europe/Paris`, which
/// strict parsers refuse; the clone written here has `TZID:Europe/Paris`, matching the
/// `TZID=Europe/Paris` parameters of the events. The full history of a zone (Europe/Paris has
/// some 25 observances back to 1891, with offsets like `+000921`) is cut to whole years around
/// the span the feed's events use, which leaves one current STANDARD/DAYLIGHT pair for most
/// zones; Outlook misreads VTIMEZONEs with several STANDARD blocks.
///
/// libical's zone look-ups share global state, so they run one at a time behind a lock.
enum TimeZoneComponents {
    typealias Span = TimeZoneSpans.Span

    private static let cache = Locked<[String: String]>([:])

    /// The VTIMEZONE text for a zone, folded by libical (callers refold it).
    static func text(for zone: String, covering span: Span) throws(ICalendarError) -> String {
        let key = "\(zone)|\(span.firstYear)|\(span.lastYear)"
        let result: Result<String, ICalendarError> = cache.withLock { cache in
            if let text = cache[key] { return .success(text) }
            let built = Result { () throws(ICalendarError) -> String in try build(zone, span) }
            if case .success(let text) = built { cache[key] = text }
            return built
        }
        return try result.get()
    }

    private static func build(_ zone: String, _ span: Span) throws(ICalendarError) -> String {
        guard let builtin = icaltimezone_get_builtin_timezone(zone), let original = icaltimezone_get_component(builtin),
            let clone = icalcomponent_new_clone(original)
        else { throw .unknownTimeZone(zone) }
        let component = LibicalComponent(adopting: clone)

        // Cut to January 1 of the first year through January 1 after the last (in UTC). libical
        // 3.0.16 empties the component when the end is left open, so an end is always given.
        var start = icaltime_null_time()
        start.year = Int32(span.firstYear)
        start.month = 1
        start.day = 1
        start.zone = icaltimezone_get_utc_timezone()
        var end = start
        end.year = Int32(span.lastYear + 1)
        icaltimezone_truncate_vtimezone(component.pointer, start, end, 1)

        replaceTZID(of: component, with: zone)
        if icalcomponent_count_components(component.pointer, ICAL_XSTANDARD_COMPONENT)
            + icalcomponent_count_components(component.pointer, ICAL_XDAYLIGHT_COMPONENT) == 0
        {
            try addFixedObservance(to: component, zone: zone, year: span.firstYear)
        }
        return component.text()
    }

    /// Sets the plain IANA TZID, and drops TZUNTIL (RFC 7808), which truncation adds and few
    /// clients know.
    private static func replaceTZID(of component: LibicalComponent, with zone: String) {
        if let tzid = icalcomponent_get_first_property(component.pointer, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(tzid, zone)
        } else {
            component.add(icalproperty_new_tzid(zone))
        }
        while let until = icalcomponent_get_first_property(component.pointer, ICAL_TZUNTIL_PROPERTY) {
            icalcomponent_remove_property(component.pointer, until)
            icalproperty_free(until)
        }
    }

    /// A zone with no changes in the span still needs one observance saying its offset.
    private static func addFixedObservance(to component: LibicalComponent, zone: String, year: Int) throws(ICalendarError) {
        guard let start = LocalDate(year: year, month: 1, day: 1),
            let offset = TimeZoneRules.offset(in: zone, at: LocalDateTime(date: start, time: .midnight).instant(at: .zero))
        else { throw .unknownTimeZone(zone) }
        let standard = try LibicalComponent(ICAL_XSTANDARD_COMPONENT)
        standard.add(icalproperty_new_dtstart(LibicalProperty.icalDateTime(LocalDateTime(date: start, time: .midnight))))
        standard.add(icalproperty_new_tzoffsetfrom(Int32(offset.seconds)))
        standard.add(icalproperty_new_tzoffsetto(Int32(offset.seconds)))
        component.add(standard)
    }
}
