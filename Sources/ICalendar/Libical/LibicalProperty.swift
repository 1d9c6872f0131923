import CLibical
import Chrono
import EventModel

/// Makes libical properties from Swift values, sanitising text on the way in.
///
/// Every function returns a property the caller must add to a component (which then owns it).
enum LibicalProperty {
    /// A property from a libical constructor, or an error naming it.
    static func make(_ name: String, _ constructor: () -> OpaquePointer?) throws(ICalendarError) -> OpaquePointer {
        guard let property = constructor() else { throw .libical("the \(name) property") }
        return property
    }

    /// A TEXT property (SUMMARY, DESCRIPTION, LOCATION, UID...): libical escapes `\ ; , newline`.
    static func text(
        _ name: String, _ value: String, _ constructor: (UnsafePointer<CChar>) -> OpaquePointer?
    ) throws(ICalendarError) -> OpaquePointer {
        let clean = TextSanitizer.text(value)
        return try make(name) { clean.withCString { constructor($0) } }
    }

    /// A URI property: control characters removed, spaces percent-encoded.
    static func uri(_ name: String, _ value: String, _ constructor: (UnsafePointer<CChar>) -> OpaquePointer?) throws(ICalendarError)
        -> OpaquePointer
    {
        let clean = TextSanitizer.uri(value)
        return try make(name) { clean.withCString { constructor($0) } }
    }

    /// DTSTART or DTEND in the event time's form.
    static func time(_ name: String, _ time: EventTime, _ constructor: (icaltimetype) -> OpaquePointer?) throws(ICalendarError)
        -> OpaquePointer
    {
        let property: OpaquePointer
        switch time {
        case .date(let date):
            property = try make(name) { constructor(icalDate(date)) }
        case .zoned(_, _, _) where time.isRepeatedWallTime:
            // RFC 5545 reads a repeated wall time as its first occurrence, Thunderbird as its
            // second: only the instant in UTC reaches every client as meant.
            property = try make(name) { constructor(icalUTC(time.instant.utcDateTime)) }
        case .zoned(let local, let zone, _):
            property = try make(name) { constructor(icalDateTime(local)) }
            guard let parameter = icalparameter_new_tzid(zone) else { throw .libical("the TZID parameter of \(name)") }
            icalproperty_add_parameter(property, parameter)
        case .utc(let local):
            property = try make(name) { constructor(icalUTC(local)) }
        case .floating(let local):
            property = try make(name) { constructor(icalDateTime(local)) }
        }
        return property
    }

    /// A UTC date-time property such as DTSTAMP or LAST-MODIFIED.
    static func instant(_ name: String, _ instant: Instant, _ constructor: (icaltimetype) -> OpaquePointer?) throws(ICalendarError)
        -> OpaquePointer
    {
        try make(name) { constructor(icalUTC(instant.utcDateTime)) }
    }

    static func icalDate(_ date: LocalDate) -> icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(date.year)
        time.month = Int32(date.month)
        time.day = Int32(date.day)
        time.is_date = 1
        return time
    }

    static func icalDateTime(_ local: LocalDateTime) -> icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(local.date.year)
        time.month = Int32(local.date.month)
        time.day = Int32(local.date.day)
        time.hour = Int32(local.time.hour)
        time.minute = Int32(local.time.minute)
        time.second = Int32(local.time.second)
        return time
    }

    static func icalUTC(_ local: LocalDateTime) -> icaltimetype {
        var time = icalDateTime(local)
        time.zone = icaltimezone_get_utc_timezone()
        return time
    }
}
