import Chrono
import EventModel

/// Turns a reservation's time into an event time, keeping the wall time and zone as given.
///
/// - A date alone stays a date.
/// - A wall time with an IANA zone is written in that zone (`TZID=`). When an offset is given too,
///   the offset fixes the instant; if it disagrees with the zone at that instant a warning says
///   so, and the event shows the instant in the zone.
/// - A wall time in one of UTC's zones, or with an offset only, is written as the exact instant in UTC.
/// - A wall time with neither zone nor offset is written floating, with a warning.
struct TimeResolver {
    func resolve(_ value: DateTimeValue, field: String, messages: inout [SynthesisMessage]) -> EventTime {
        switch value {
        case .date(let date):
            return .date(date)

        case .dateTime(let local, let zone?, let offset) where TimeZoneRules.isUTC(zone):
            return .utc(offset.map { local.instant(at: $0).utcDateTime } ?? local)

        case .dateTime(let local, let zone?, let offset?):
            let instant = local.instant(at: offset)
            guard let zoneOffset = TimeZoneRules.offset(in: zone, at: instant) else {
                return .utc(instant.utcDateTime)
            }
            if zoneOffset == offset { return .zoned(local, timeZone: zone) }
            let shown = instant.localDateTime(at: zoneOffset)
            messages.append(
                SynthesisMessage(
                    .warning, field: field,
                    "the offset \(offset) contradicts \(zone), which is at \(zoneOffset) then; kept the instant, shown as \(shown) in \(zone)"
                ))
            return .zoned(shown, timeZone: zone)

        case .dateTime(let local, let zone?, nil):
            return .zoned(local, timeZone: zone)

        case .dateTime(let local, nil, let offset?):
            return .utc(local.instant(at: offset).utcDateTime)

        case .dateTime(let local, nil, nil):
            messages.append(
                SynthesisMessage(
                    .warning, field: field,
                    "no time zone or UTC offset; the event floats, shown at \(local.time) wherever the calendar is"))
            return .floating(local)
        }
    }
}
