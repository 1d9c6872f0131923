import Chrono
import EventModel

/// Turns a reservation's time into an event time, best evidence first:
///
/// 1. the IANA zone the time states;
/// 2. the zone of the place: its airport's (from the airport table), else a zone stated on
///    another time at the same place;
/// 3. with a UTC offset: the zone of the place's country that is at that offset at that instant
///    (when several are: the zone of the place's city, else the nearest to the place);
/// 4. with a UTC offset and nothing else: the exact instant, in UTC;
/// 5. without an offset: the country's zone when it keeps only one, else the zone of the place's
///    city, else the zone of the country nearest the place (with a warning);
/// 6. a floating time, with a warning, when nothing at all tells the zone.
///
/// When an offset contradicts the zone found, the offset wins (it fixes the instant), the event
/// shows that instant in the zone, and a warning says so. A date alone stays a date.
struct TimeResolver {
    func resolve(
        _ value: DateTimeValue, field: String, at place: Whereabouts, messages: inout [SynthesisMessage]
    ) -> EventTime {
        guard case .dateTime(let local, let statedZone, let offset) = value else { return .date(value.date) }

        if let zone = statedZone {
            return inZone(local, zone, offset: offset, source: zone, field: field, messages: &messages)
        }
        if let (zone, source) = place.knownZone {
            let described = source == zone ? zone : "\(source)'s zone \(zone)"
            return inZone(local, zone, offset: offset, source: described, field: field, messages: &messages)
        }
        if let offset {
            let instant = local.instant(at: offset)
            if let country = place.countryCode,
                let zone = TimeZoneDirectory.zone(
                    inCountry: country, agreeingWith: offset, at: instant, near: place.coordinates, preferring: place.cityZone)
            {
                return .zoned(local, timeZone: zone)
            }
            return .utc(instant.utcDateTime)
        }
        if let country = place.countryCode {
            if let zone = TimeZoneDirectory.onlyZone(ofCountry: country) ?? place.cityZone {
                return .zoned(local, timeZone: zone)
            }
            if let coordinates = place.coordinates, let zone = TimeZoneDirectory.nearestZone(inCountry: country, to: coordinates) {
                messages.append(
                    SynthesisMessage(
                        .warning, .zoneGuessed, field: field,
                        "no time zone or UTC offset; took \(zone), the zone of \(country) nearest the place"))
                return .zoned(local, timeZone: zone)
            }
        }
        messages.append(
            SynthesisMessage(
                .warning, .floatingTime, field: field,
                "no time zone or UTC offset, and nothing tells where; the event floats, shown at \(local.time) wherever the calendar is"
            ))
        return .floating(local)
    }

    private func inZone(
        _ local: LocalDateTime, _ zone: String, offset: UTCOffset?, source: String, field: String,
        messages: inout [SynthesisMessage]
    ) -> EventTime {
        if TimeZoneRules.isUTC(zone) {
            return .utc(offset.map { local.instant(at: $0).utcDateTime } ?? local)
        }
        guard let offset else { return .zoned(local, timeZone: zone) }
        let instant = local.instant(at: offset)
        guard let zoneOffset = TimeZoneRules.offset(in: zone, at: instant) else { return .utc(instant.utcDateTime) }
        if zoneOffset == offset { return .zoned(local, timeZone: zone) }
        let shown = instant.localDateTime(at: zoneOffset)
        messages.append(
            SynthesisMessage(
                .warning, .offsetZoneConflict, field: field,
                "the offset \(offset) contradicts \(source), which is at \(zoneOffset) then; kept the instant, shown as \(shown) in \(zone)"
            ))
        return .zoned(shown, timeZone: zone)
    }
}
