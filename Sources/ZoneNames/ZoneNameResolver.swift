import Basics
import Chrono
import Gazetteer

/// The IANA zone a TZID that is not an IANA name stands for, as Outlook and Exchange write them:
/// Windows names (`W. Europe Standard Time`) by CLDR's mapping, Windows' display names
/// (`(UTC+01:00) Amsterdam, Berlin, …`) by the cities they name, and any other name by the
/// clocks the file's own VTIMEZONE keeps.
///
/// Where the file defines the zone (``DeclaredZone``), a zone is chosen only if it keeps the same
/// clocks over the event's dates, daylight saving time included, so an event is never moved to
/// another rule: of the zones a name may stand for, the first that agrees; failing all, the
/// general one, with the disagreement (the file's rules then give the instant). A name that says
/// nothing known gets a zone that keeps the same clocks throughout the span the definition
/// covers (the years about the event: the same rules, not just this week's offset), as a guess.
/// Without a definition, a Windows name is taken as CLDR maps it and a display name by a city
/// that keeps its offset.
///
/// Guesses compare the declared clocks with every zone Windows names; each thread remembers
/// those it made, so a mailbox of invitations from one organiser pays for one.
public enum ZoneNameResolver {
    /// The guesses each thread made so far, by what was declared and the offset a display name
    /// gave.
    private static let guesses = PerThread<[GuessKey: ZoneNameResolution?]> { [:] }

    private struct GuessKey: Hashable {
        var declared: DeclaredZone
        var standardOffset: UTCOffset?
    }

    /// The zone `name` stands for over the event from `start` to `end`, given what the file
    /// declares of it; `nil` when nothing tells one (no zone keeps the declared clocks, or the
    /// name is unknown and the file does not define it).
    public static func resolve(_ name: String, declared: DeclaredZone?, from start: Instant, to end: Instant) -> ZoneNameResolution? {
        if let row = WindowsZones.row(named: name) {
            return choose(row, declared: declared, from: start, to: end) { index in index == 0 ? .windowsName : .windowsNameInCountry }
        }
        if let shown = ExchangeDisplayName(name) {
            if let found = byCity(shown, declared: declared, from: start, to: end) { return found }
            if let windowsName = WindowsZones.windowsName(forDisplayName: name), let row = WindowsZones.row(named: windowsName) {
                return choose(row, declared: declared, from: start, to: end) { _ in .displayName(windowsName: windowsName) }
            }
            return declared.flatMap { guess($0, standardOffset: shown.offset) }
        }
        return declared.flatMap { guess($0, standardOffset: nil) }
    }

    /// ``sameClocks(_:standardOffset:)``, worked out once for each declaration by each thread
    /// (4,096 remembered at most: odd input cannot grow the table).
    private static func guess(_ declared: DeclaredZone, standardOffset: UTCOffset?) -> ZoneNameResolution? {
        let key = GuessKey(declared: declared, standardOffset: standardOffset)
        if let known = guesses.withValue({ $0[key] }) { return known }
        let found = sameClocks(declared, standardOffset: standardOffset)
        guesses.withValue { guesses in
            if guesses.count >= 4096 { guesses.removeAll(keepingCapacity: true) }
            guesses[key] = .some(found)
        }
        return found
    }

    /// A Windows zone's general zone when it keeps the declared clocks (or nothing is declared);
    /// else the zone of one of its countries that keeps them, the one most people keep first;
    /// when none keeps them, the general zone with its disagreement.
    private static func choose(
        _ row: WindowsZoneRow, declared: DeclaredZone?, from start: Instant, to end: Instant, basis: (Int) -> ZoneNameResolution.Basis
    ) -> ZoneNameResolution? {
        guard let declared else { return ZoneNameResolution(zone: row.zone, basis: basis(0)) }
        guard let disagreement = declared.disagreement(with: row.zone, from: start, to: end) else {
            return ZoneNameResolution(zone: row.zone, basis: basis(0))
        }
        for zone in mostPeopleFirst(row.countryZones) where declared.disagreement(with: zone, from: start, to: end) == nil {
            return ZoneNameResolution(zone: zone, basis: basis(1))
        }
        return ZoneNameResolution(zone: row.zone, basis: basis(0), disagreement: disagreement)
    }

    /// The zone of a city the display name names that keeps the declared clocks (or, without a
    /// declaration, the display name's offset as its standard time), the cities in the order
    /// named, each name's most populous city first.
    private static func byCity(_ shown: ExchangeDisplayName, declared: DeclaredZone?, from start: Instant, to end: Instant) -> ZoneNameResolution? {
        for place in shown.places {
            for city in Gazetteer.cities(named: place) {
                let fits: Bool
                if let declared {
                    fits = declared.disagreement(with: city.timeZone, from: start, to: end) == nil
                } else {
                    fits = standardOffsets(of: city.timeZone, around: start).contains(shown.offset)
                }
                if fits { return ZoneNameResolution(zone: city.timeZone, basis: .city(city.description)) }
            }
        }
        return nil
    }

    /// A zone that keeps the declared clocks throughout the declaration's span: of the zones
    /// Windows names (those whose display name gives `standardOffset`, when one is given), the
    /// one whose cities the most people live in (Europe/Berlin rather than Europe/Budapest for
    /// central Europe's clocks), by the gazetteer.
    private static func sameClocks(_ declared: DeclaredZone, standardOffset: UTCOffset?) -> ZoneNameResolution? {
        let rows = windowsZoneRows.filter { row in
            standardOffset == nil || ExchangeDisplayName(row.displayName)?.offset == standardOffset
        }
        var seen: Set<String> = []
        let agreeing = (rows.map(\.zone) + rows.flatMap(\.countryZones)).filter { zone in
            seen.insert(zone).inserted && declared.disagreement(with: zone, from: declared.start, to: declared.end) == nil
        }
        return mostPeopleFirst(agreeing).first.map { ZoneNameResolution(zone: $0, basis: .sameClocks) }
    }

    /// Zones, those whose cities the most people live in first (by the gazetteer), in their
    /// order among zones alike.
    private static func mostPeopleFirst(_ zones: [String]) -> [String] {
        let people = peopleByZone
        return zones.enumerated().sorted { (people[$1.element, default: 0], $0.offset) < (people[$0.element, default: 0], $1.offset) }
            .map(\.element)
    }

    /// How many people live in the gazetteer's cities of each zone: read on the first need.
    private static let peopleByZone: [String: Int] = Gazetteer.peopleByZone

    /// The offsets a zone keeps as standard (not daylight saving) time within half a year of
    /// `instant`.
    private static func standardOffsets(of zone: String, around instant: Instant) -> Set<UTCOffset> {
        let halfYear: Int64 = 183 * 86_400
        let from = Instant(secondsSinceEpoch: instant.secondsSinceEpoch - halfYear)
        let to = Instant(secondsSinceEpoch: instant.secondsSinceEpoch + halfYear)
        var observances = TimeZoneRules.observance(in: zone, at: instant).map { [$0] } ?? []
        for transition in TimeZoneRules.transitions(in: zone, from: from, to: to) ?? [] {
            observances += [transition.before, transition.after]
        }
        return Set(observances.filter { !$0.isDaylight }.map(\.offset))
    }
}
