import Chrono
import Diagnostics
import EventModel
import Gazetteer
import Geography

extension TimeResolver {
    /// How much larger than every other city of its name a city must be for a time there to be
    /// placed in its zone without an offset or a region (Paris, France and Paris, Texas); the
    /// guess is reported. Portland, Oregon, 9.7 times Portland, Maine, falls just short.
    static let clearlyLargest = 10

    /// The share of a region's people (in percent) that must keep a zone for a time there to be
    /// placed in it without an offset (Texas, 96% Central; not Indiana, 80% Eastern).
    static let mostOfRegion = 90

    /// A time at a place the gazetteer could not settle alone: cities of one name in several
    /// zones, or a region whose people keep several times.
    ///
    /// An offset decides between them where it is one zone's at that instant. Without one (or
    /// where it fits several), the zone of most of the region's people, or of the city the rest of
    /// what is known points to (``decide(between:at:)``), is taken and the guess reported as
    /// `zone-guessed`; otherwise the event floats, and the `floating-time` warning names the
    /// candidates. Population never decides silently; where every candidate's zone puts the time
    /// at the same instant (zones that differ in other years only), the most populous city's zone
    /// is written without a word.
    /// `nil` when the offset fits none of them (the country's zones are tried next).
    func resolve(
        _ local: LocalDateTime, offset: UTCOffset?, by match: GazetteerMatch, at place: Whereabouts, field: FieldPath,
        messages: inout [Diagnostic]
    ) -> EventTime? {
        switch match {
        case .city:
            return nil  // Settled already, as the place's known zone.
        case .region(let region):
            if let offset {
                let instant = local.instant(at: offset)
                guard TimeZoneRules.offset(in: region.timeZone, at: instant) == offset else { return nil }
                return inZone(local, region.timeZone, offset: offset, source: ZoneSource.named(region.name), field: field, messages: &messages)
            }
            guard region.share >= Self.mostOfRegion else {
                messages.append(
                    Diagnostic(
                        .warning, .floatingTime, field: field,
                        "no time zone or UTC offset, and \(region.name) keeps several times (\(region.share)% of its people keep \(region.timeZone)); the event floats, shown at \(local.time) wherever the calendar is. A UTC offset, or a city the gazetteer knows, would decide"
                    ))
                return .floating(local)
            }
            messages.append(
                Diagnostic(
                    .warning, .zoneGuessed, field: field,
                    "no time zone or UTC offset; took \(region.timeZone), kept by \(region.share)% of the people of \(region.name) (\(place.city.map { "the gazetteer does not know \($0)" } ?? "no city is given"))"
                ))
            return wallTime(local, in: region.timeZone, field: field, messages: &messages)
        case .ambiguous(let cities):
            let name = match.description
            var candidates = cities
            if let offset {
                // The offset decides where it is one candidate's only.
                let instant = local.instant(at: offset)
                candidates = cities.filter { TimeZoneRules.offset(in: $0.timeZone, at: instant) == offset }
                guard let first = candidates.first else { return nil }
                guard candidates.count > 1 else {
                    return inZone(local, first.timeZone, offset: offset, source: ZoneSource.city(first), field: field, messages: &messages)
                }
            }
            if offset == nil, let first = candidates.first,
                candidates.dropFirst().allSatisfy({ TimeZoneRules.instant(of: local, in: $0.timeZone) == TimeZoneRules.instant(of: local, in: first.timeZone) })
            {
                // Zones that differ in other years but not at this time (Kazakhstan's since 2024):
                // whichever city is meant, the event is at the same instant; written in the zone
                // of the city that bears the name today, if one alone does.
                let named = Self.calledToday(candidates, at: place)?.city ?? first
                return wallTime(local, in: named.timeZone, field: field, messages: &messages)
            }
            let listed = Self.list(candidates)
            let decided = decide(between: candidates, at: place)
            if let offset {
                let (city, reason) = decided ?? (candidates[0], "the most populous")
                messages.append(
                    Diagnostic(
                        .warning, .zoneGuessed, field: field,
                        "the offset \(offset) fits cities called \(name) in several zones (\(listed)); took \(city.timeZone), that of \(city.description), \(reason)"
                    ))
                return inZone(local, city.timeZone, offset: offset, source: ZoneSource.city(city), field: field, messages: &messages)
            }
            if let (city, reason) = decided {
                messages.append(
                    Diagnostic(
                        .warning, .zoneGuessed, field: field,
                        "no time zone or UTC offset, and cities called \(name) keep different times (\(listed)); took \(city.timeZone), that of \(city.description), \(reason). The region\(place.countryCode == nil ? " or the country" : "") would decide"
                    ))
                return wallTime(local, in: city.timeZone, field: field, messages: &messages)
            }
            messages.append(
                Diagnostic(
                    .warning, .floatingTime, field: field,
                    "no time zone or UTC offset, and cities called \(name) keep different times (\(listed)); the event floats, shown at \(local.time) wherever the calendar is. The region (state, province) or a UTC offset would decide"
                ))
            return .floating(local)
        }
    }

    /// `Portland, Oregon: America/Los_Angeles; Portland, Maine: America/New_York; …`, four at most.
    private static func list(_ cities: [GazetteerCity]) -> String {
        cities.prefix(4).map { "\($0.description): \($0.timeZone)" }.joined(separator: "; ")
            + (cities.count > 4 ? "; and \(cities.count - 4) more" : "")
    }

    /// The city of one name that the rest of what is known points to, and why, best evidence
    /// first: in the country given, the only one whose own name it is, where the others have it
    /// among their other names only (Kaliningrad, not Korolev, which bore the name until 1996);
    /// the one far nearer than the others to the reservation's other place (a train from Seattle
    /// to Portland), or to the places of the other reservations of its document (a flight to PDX
    /// beside a hotel in Portland), the only one in the country of the e-mail's sender, or one
    /// far larger than all the others. Each is a guess, which the caller reports.
    func decide(between cities: [GazetteerCity], at place: Whereabouts) -> (GazetteerCity, String)? {
        if let (city, others) = Self.calledToday(cities, at: place) {
            let listed = others.prefix(3).map(\.name).joined(separator: ", ")
            let many = others.count > 1
            return (city, "the one called so today (\(listed) \(many ? "have" : "has") the name only among \(many ? "their" : "its") other names, as a city keeps a former one)")
        }
        if let (latitude, longitude, neighbour) = place.neighbour, let city = Self.clearlyNearest(cities, to: [(latitude, longitude, neighbour)]) {
            return (city.0, "the one nearest \(city.1)")
        }
        if !context.companions.isEmpty {
            let places = context.companions.flatMap(Whereabouts.places(of:)).compactMap { place -> (Double, Double, String)? in
                guard let (latitude, longitude) = place.position else { return nil }
                return (latitude, longitude, place.label ?? "another booking")
            }
            if let city = Self.clearlyNearest(cities, to: places) {
                return (city.0, "the one nearest \(city.1), where another booking of the same document is")
            }
        }
        if let sender = context.senderCountry {
            let inCountry = cities.filter { $0.countryCode == sender }
            if inCountry.count == 1 { return (inCountry[0], "the one in \(sender), the country of the e-mail's sender") }
        }
        if let first = cities.first, cities.dropFirst().allSatisfy({ $0.population * Self.clearlyLargest <= first.population }) {
            return (first, "by far the largest")
        }
        return nil
    }

    /// In the country given, the only one of `cities` that bears the place's city name today
    /// (``GazetteerCity/isCalled(_:)``), with those that have it only among their other names.
    private static func calledToday(_ cities: [GazetteerCity], at place: Whereabouts) -> (city: GazetteerCity, others: [GazetteerCity])? {
        guard place.countryCode != nil, cities.count > 1, let written = place.city else { return nil }
        let asked = String(written.split(separator: ",").first ?? Substring(written))
        let named = cities.filter { $0.isCalled(asked) }
        guard named.count == 1 else { return nil }
        return (named[0], cities.filter { !$0.isCalled(asked) })
    }

    /// The city at least three times nearer one of `places` than any other city is to any of
    /// them, with that place's name.
    private static func clearlyNearest(_ cities: [GazetteerCity], to places: [(Double, Double, String)]) -> (GazetteerCity, String)? {
        guard cities.count > 1, !places.isEmpty else { return nil }
        let nearest = cities.map { city in
            places.map { (GreatCircle.kilometres(city.latitude, city.longitude, $0.0, $0.1), $0.2) }.min { $0.0 < $1.0 }!
        }
        let order = nearest.indices.sorted { nearest[$0].0 < nearest[$1].0 }
        guard nearest[order[0]].0 * 3 <= nearest[order[1]].0 else { return nil }
        return (cities[order[0]], nearest[order[0]].1)
    }
}
