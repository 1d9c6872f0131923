import Chrono
import Diagnostics
import EventModel
import Geography

/// Turns a reservation's time into an event time, in the zone of the place where it happens,
/// best evidence first:
///
/// 1. the IANA zone the time states, unless the place is located (``Whereabouts/locatedZone``)
///    and keeps other clocks at every time of the event: then the source named the wrong zone,
///    and the wall time is read in the place's. Weaker evidence that disagrees (the words of a
///    free-text location, a name) is reported, and the time kept as stated;
/// 2. the zone the place is known to keep (``Whereabouts/knownZone``): its airport's (by code,
///    or by a name only one airport fits), the zone its coordinates fall in on the time-zone map,
///    its country's when all its zones keep one time, its city's when the airport table's airports
///    of that city agree on one or the gazetteer knows it (with its region, when several cities
///    have its name), its region's when the region keeps one time, else a zone stated on another
///    time at the same place (a place whose coordinates are at sea is reported, and known by the
///    rest);
/// 2a. a city whose name several cities in different zones share, or a region that keeps several:
///    the offset decides between them; without one, a region's commonest zone or a city far larger
///    than the others of its name is taken, and the guess reported
///    (``resolve(_:offset:by:at:field:messages:)``);
/// 3. with a UTC offset: the zone of the place's country that is at that offset at that instant
///    (when several are: the nearest to the place);
/// 4. with a UTC offset and nothing else: the exact instant, in UTC;
/// 5. without an offset: the zone of the country nearest the place (with a warning);
/// 6. a floating time, with a warning, when nothing at all tells the zone (an event whose other
///    end is fixed then takes that end's clock instead: ``ReservationSynthesis/onOneClock(_:_:)``).
///
/// A time with an offset is an instant: it keeps that instant and is shown in the place's zone
/// (a zone that words alone suggest only where it keeps the offset).
/// Times written in UTC (`Z`, `+00:00`) are common for places anywhere, so they are converted
/// without a word. Any other offset that contradicts the zone found is reported: when the place
/// is located and it is the zone's own offset in another season (a winter offset in summer, the commonest slip), the wall
/// time is what the booking meant and is kept; otherwise the instant is kept and shown in the
/// zone. A wall time without an offset that does not exist in its zone
/// (clocks going forward) or occurs twice (clocks going back) is read as RFC 5545 reads it, with
/// a warning. A date alone stays a date.
struct TimeResolver {
    /// What the reservation's source says beyond its fields: evidence between cities of one name.
    var context = SynthesisContext.none

    func resolve(
        _ value: DateTimeValue, field: FieldPath, at place: Whereabouts, messages: inout [Diagnostic]
    ) -> EventTime {
        guard case .dateTime(let local, let statedZone, let offset) = value else { return .date(value.date) }
        if statedZone == nil, place.isAtSea, let (latitude, longitude) = place.coordinates {
            messages.append(
                Diagnostic(
                    .warning, .zoneGuessed, field: field,
                    "the place's coordinates (\(Whereabouts.degrees(latitude)), \(Whereabouts.degrees(longitude))) are at sea, in no time zone; the zone comes from what else is known of the place"
                ))
        }

        if let zone = statedZone {
            // (The instant to compare clocks at need only be near: offsets change rarely.)
            if !TimeZoneRules.isUTC(zone), let contradiction = place.contradiction(of: zone, at: local.instant(at: offset ?? .zero)) {
                let evidence = contradiction.placeDescription
                if contradiction.outweighs {
                    // A located place whose clocks differ from the stated zone's throughout: the
                    // source named the wrong zone (a hotel in Portugal "in Europe/Berlin"), and
                    // the wall time is what its booking says.
                    messages.append(
                        Diagnostic(
                            .warning, .offsetZoneConflict, field: field,
                            "\(zone), the zone the time states, is not the zone of the place (\(evidence)); read \(local) as a wall time there"))
                    return wallTime(local, in: contradiction.zone, field: field, messages: &messages)
                }
                // Weaker evidence (words, a name, a city without its country), or clocks that
                // differ for part of the event only: the source's word stands.
                messages.append(
                    Diagnostic(
                        .warning, .offsetZoneConflict, field: field,
                        "\(zone), the zone the time states, keeps other clocks than the place (\(evidence)) at that time; kept the time as stated, in \(zone)"
                    ))
            }
            return inZone(local, zone, offset: offset, source: ZoneSource.named(zone), field: field, messages: &messages)
        }
        var offsetContradicted = false
        if let (zone, source, isLocated) = place.knownZone {
            if isLocated || !Self.contradicts(offset, zone, at: local) {
                if !isLocated, let (other, otherZone) = place.cityPassedOver, let written = place.written {
                    let message: DiagnosticMessage =
                        "“\(written.text)” names \(other) (\(otherZone)) and \(place.city ?? ""); took \(zone), that of \(place.city ?? ""), the city in its place in the address"
                    // Once for the place, whichever of its times comes first.
                    if !messages.contains(where: { $0.code == .zoneGuessed && $0.text == message }) {
                        messages.append(Diagnostic(.warning, .zoneGuessed, field: field, message))
                    }
                }
                return inZone(local, zone, offset: offset, source: source.giving(zone), territoryOf: place, field: field, messages: &messages)
            }
            // What names suggest is taken only where it keeps the time's offset: they never move
            // an instant, nor show it in a zone whose clocks say otherwise.
            offsetContradicted = true
            messages.append(
                Diagnostic(
                    .warning, .offsetZoneConflict, field: field,
                    "the offset \(offset.map { "\($0)" } ?? "") is not that of the place (\(source.giving(zone))\(place.evidenceBasis)) at that time; kept the instant the time states"
                ))
        }
        if let match = place.gazetteer, let time = resolve(local, offset: offset, by: match, at: place, field: field, messages: &messages) {
            return time
        }
        if let offset {
            let instant = local.instant(at: offset)
            if let country = place.countryCode,
                let zone = CountryTimeZones.zone(inCountry: country, agreeingWith: offset, at: instant, near: place.coordinates)
            {
                return .zoned(local, timeZone: zone, offset: offset)
            }
            if offset != .zero, !offsetContradicted, let country = place.countryCode, !CountryTimeZones.zones(inCountry: country).isEmpty {
                messages.append(
                    Diagnostic(
                        .warning, .offsetZoneConflict, field: field,
                        "the offset \(offset) is not that of any zone of \(country) at that time; kept the instant, written in UTC"))
            }
            return .utc(instant.utcDateTime)
        }
        if let country = place.countryCode, let coordinates = place.coordinates,
            let zone = CountryTimeZones.nearestZone(inCountry: country, to: coordinates)
        {
            messages.append(
                Diagnostic(
                    .warning, .zoneGuessed, field: field,
                    "no time zone or UTC offset; took \(zone), the zone of \(country) nearest the place"))
            return wallTime(local, in: zone, field: field, messages: &messages)
        }
        messages.append(
            Diagnostic(
                .warning, .floatingTime, field: field,
                "no time zone or UTC offset, and nothing tells where; the event floats, shown at \(local.time) wherever the calendar is"
            ))
        return .floating(local)
    }

    /// Whether a time's offset (other than UTC's, which says nothing of the place) is not the
    /// zone's at that time.
    private static func contradicts(_ offset: UTCOffset?, _ zone: String, at local: LocalDateTime) -> Bool {
        guard let offset, offset != .zero, !TimeZoneRules.isUTC(zone) else { return false }
        return TimeZoneRules.offset(in: zone, at: local.instant(at: offset)) != offset
    }

    /// A time in a zone the evidence gave (`source`: what messages say it came from): the instant
    /// when the time has an offset (a warning when the offset is not the zone's then, unless it is
    /// UTC's), else the wall time.
    func inZone(
        _ local: LocalDateTime, _ zone: String, offset: UTCOffset?, source: some CustomStringConvertible & Sendable,
        territoryOf place: Whereabouts? = nil, field: FieldPath, messages: inout [Diagnostic]
    ) -> EventTime {
        if TimeZoneRules.isUTC(zone) {
            return .utc(offset.map { local.instant(at: $0).utcDateTime } ?? local)
        }
        guard let offset else { return wallTime(local, in: zone, field: field, messages: &messages) }
        let instant = local.instant(at: offset)
        guard let zoned = EventTime.zoned(instant: instant, in: zone), case .zoned(let shown, _, let zoneOffset) = zoned else {
            return .utc(instant.utcDateTime)
        }
        // UTC is a way of writing an instant, not a claim about the place's clocks.
        guard zoneOffset != offset, offset != .zero else { return zoned }
        if let place, let country = place.countryCode, place.isCityOutsideCountry,
            let territoryZone = DependentTerritories.zone(keeping: offset, at: instant, territoriesOf: country)
        {
            // An address under its country's name in one of its territories (Tórshavn as in
            // `DK`), whose city is not the country's and whose offset says which: the
            // territory's zone, the instant as stated.
            return inZone(local, territoryZone, offset: offset, source: ZoneSource.named(territoryZone), field: field, messages: &messages)
        }
        if Self.isOffsetOfAnotherSeason(offset, in: zone, near: instant) {
            // -08:00 for San Francisco in April: the sender's offset is the winter one, a common
            // slip (Google's own examples make it); the wall time is what the booking says.
            messages.append(
                Diagnostic(
                    .warning, .offsetZoneConflict, field: field,
                    "the offset \(offset) is \(zone)'s in another season; on \(local.date) it is \(zoneOffset), so \(local.time) is read as the wall time there"
                ))
            return wallTime(local, in: zone, field: field, messages: &messages)
        }
        messages.append(
            Diagnostic(
                .warning, .offsetZoneConflict, field: field,
                "the offset \(offset) contradicts \(source), which is at \(zoneOffset) then; kept the instant, shown as \(shown) in \(zone)"
            ))
        return zoned
    }

    /// Whether a zone keeps `offset` at some time within half a year of `instant` (its standard
    /// time in summer, its summer time in winter).
    static func isOffsetOfAnotherSeason(_ offset: UTCOffset, in zone: String, near instant: Instant) -> Bool {
        let month: Int64 = 30 * 86_400
        return stride(from: -6, through: 6, by: 1).contains { months in
            TimeZoneRules.offset(in: zone, at: instant.adding(seconds: Int64(months) * month)) == offset
        }
    }

    /// A wall time in a zone, with a warning when the zone's clocks skip it or show it twice.
    func wallTime(_ local: LocalDateTime, in zone: String, field: FieldPath, messages: inout [Diagnostic]) -> EventTime {
        let time = EventTime.zoned(local, in: zone)
        switch TimeZoneRules.reading(of: local, in: zone) {
        case .skipped(let instant, let offset):
            messages.append(
                Diagnostic(
                    .warning, .nonexistentTime, field: field,
                    "\(local) does not exist in \(zone) (the clocks go forward then); read as \(instant.localDateTime(at: offset))"))
        case .repeated(_, let first, _, let second):
            messages.append(
                Diagnostic(
                    .warning, .ambiguousTime, field: field,
                    "\(local) occurs twice in \(zone) (the clocks go back then); read as the first, at \(first) (give the offset, \(first) or \(second), to say which)"
                ))
        case .once, nil:
            break
        }
        return time
    }
}
