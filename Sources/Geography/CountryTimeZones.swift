import Basics
import Chrono
import Foundation

/// Which time zones a country keeps, from the system's tz database (`zone.tab`), and which of
/// them a place in the country keeps.
///
/// This is the evidence for times that carry only a UTC offset, or nothing at all: a hotel in
/// Finland (one zone) at 15:00 is 15:00 in Europe/Helsinki; a restaurant in the United States at
/// 19:30-07:00 in June is in a zone of the country that is at -07:00 then, the one nearest the
/// restaurant when several are.
///
/// `zone.tab` is read rather than `zone1970.tab` because since 2022 the latter merges zones
/// across borders (Norway and Sweden appear as `Europe/Berlin`), and events in Bergen would then
/// be written in `Europe/Berlin`; `zone.tab` keeps each country's own name for the same rules.
public enum CountryTimeZones {
    /// A zone that keeps time in a country, with the position of its principal place.
    public struct Entry: Sendable, Hashable {
        /// The IANA zone name.
        public let zone: String
        /// Degrees north of the zone's principal place.
        public let latitude: Double
        /// Degrees east of the zone's principal place.
        public let longitude: Double
    }

    /// The zones a country keeps today, in the order the tz database lists them (the most
    /// populous region first); empty for an unknown country.
    ///
    /// - Parameter code: An ISO 3166-1 alpha-2 code, in any case.
    public static func zones(inCountry code: String) -> [Entry] {
        entries(inCountry: code).filter { TimeZoneRules.isKnown($0.zone) }
    }

    /// A country's entries in `zone.tab`, whether or not this system's tz database has their
    /// zones (those it lacks never agree with an offset, and are left out of ``zones(inCountry:)``).
    private static func entries(inCountry code: String) -> [Entry] {
        let code = code.withUTF8Bytes(CountryNames.twoLetterCode) ?? code.uppercased()
        return countries[code] ?? []
    }

    /// The zone of a country that was at `offset` at `instant`, or `nil` when none was.
    ///
    /// When several were (the United States at -07:00 in June: Los Angeles and Phoenix), the
    /// preferred zone wins if it is one of them (the zone of the place's city, say), else the one
    /// whose principal place is nearest `coordinates`, else the first the tz database lists.
    ///
    /// A country with one zone has that zone read; one with several has the preferred zone tried
    /// first, and the others read only when it does not agree: a run that meets one American
    /// city reads one American zone, not twenty-nine.
    public static func zone(
        inCountry code: String, agreeingWith offset: UTCOffset, at instant: Instant,
        near coordinates: (latitude: Double, longitude: Double)? = nil, preferring preferred: @autoclosure () -> String? = nil
    ) -> String? {
        let entries = entries(inCountry: code)
        let agrees = { (zone: String) -> Bool in
            TimeZoneRules.offset(in: zone, at: instant) == offset
        }
        if entries.count > 1, let preferred = preferred(), entries.contains(where: { $0.zone == preferred }), agrees(preferred) {
            // Alone or among others at that offset, the preferred zone is the answer.
            return preferred
        }
        // The zones at that offset then: the first, and the nearest to the place when several are.
        var first: Entry?
        var nearest: (entry: Entry, distance: Double)?
        var count = 0
        for entry in entries where agrees(entry.zone) {
            count += 1
            if first == nil { first = entry }
            if let coordinates {
                let distance = distance(entry, coordinates)
                if nearest == nil || distance < nearest!.distance { nearest = (entry, distance) }
            }
        }
        guard count > 1 else { return first?.zone }
        return nearest?.entry.zone ?? first?.zone
    }

    /// The zone of a country whose principal place is nearest a position.
    public static func nearestZone(inCountry code: String, to coordinates: (latitude: Double, longitude: Double)) -> String? {
        zones(inCountry: code).min { distance($0, coordinates) < distance($1, coordinates) }?.zone
    }

    /// The zone of a country whose clocks all show one time, such as Finland; `nil` otherwise.
    ///
    /// A country with several zones counts when they all keep the same clocks from 2018 to 2050
    /// (Germany's Berlin and Büsingen, Argentina's twelve, Malaysia's two): its first zone (the
    /// most populous region's) is then the place's as far as any clock can tell. Before 2018 some
    /// of these differed (Famagusta kept +03:00 in 2016 and 2017), which for past events in such a
    /// place is one hour off; countries whose zones differ within the window (the United States,
    /// Spain with the Canaries, Kazakhstan until 2024) have none.
    public static func onlyZone(ofCountry code: String) -> String? {
        let key = code.withUTF8Bytes(CountryNames.twoLetterCode) ?? code.uppercased()
        if let known = onlyZones.withValue({ $0[key] }) { return known }
        let entries = zones(inCountry: key)
        let zone: String?
        if let first = entries.first, entries.count > 1 {
            // The zones furthest from the first are read first: where clocks differ, as across
            // the United States, the second zone read tells.
            let clocks = clockChanges(of: first.zone)
            let others = entries.dropFirst().sorted { distance($0, (first.latitude, first.longitude)) > distance($1, (first.latitude, first.longitude)) }
            zone = clocks != nil && others.allSatisfy { clockChanges(of: $0.zone) == clocks } ? first.zone : nil
        } else {
            zone = entries.first?.zone
        }
        // Kept for the countries zone.tab knows only, so that odd input cannot grow the table.
        if countries[key] != nil { onlyZones.withValue { $0[key] = .some(zone) } }
        return zone
    }

    /// Whether two zones' clocks show the same time from 2018 to 2050 (`America/Indiana/Indianapolis`
    /// and `America/New_York`): as far as an event of these years can tell, they are one zone.
    package static func keepSameClocks(_ zone: String, _ other: String) -> Bool {
        zone == other || (clockChanges(of: zone).map { $0 == clockChanges(of: other) } ?? false)
    }

    /// Per country, ``onlyZone(ofCountry:)`` once worked out by each thread: it is asked for every time of
    /// every place.
    private static let onlyZones = PerThread<[String: String?]> { [:] }

    /// The offsets a zone's clocks keep from 2018 to 2050: the first, then each change's instant
    /// and new offset (changes of name or daylight flag alone left out).
    private static func clockChanges(of zone: String) -> [Int64]? {
        if let known = clocks.withValue({ $0[zone] }) { return known }
        let changes = readClockChanges(of: zone)
        // Kept for zones the system knows only, so that odd input cannot grow the table.
        if changes != nil { clocks.withValue { $0[zone] = changes } }
        return changes
    }

    /// Per zone, ``clockChanges(of:)`` once worked out by each thread.
    private static let clocks = PerThread<[String: [Int64]?]> { [:] }

    private static func readClockChanges(of zone: String) -> [Int64]? {
        let (start, end) = (Instant(secondsSinceEpoch: 1_514_764_800), Instant(secondsSinceEpoch: 2_524_608_000))
        guard let first = TimeZoneRules.offset(in: zone, at: start),
            let transitions = TimeZoneRules.transitions(in: zone, from: start, to: end)
        else { return nil }
        var changes = [Int64(first.seconds)]
        for transition in transitions where transition.before.offset != transition.after.offset {
            changes += [transition.instant.secondsSinceEpoch, Int64(transition.after.offset.seconds)]
        }
        return changes
    }

    // MARK: - Data

    /// Each country's entries, by ISO 3166-1 alpha-2 code.
    package static let countries: [String: [Entry]] = {
        let folder = TimeZoneRules.zoneDirectory
        var byCountry: [String: [Entry]] = [:]
        for file in ["zone.tab", "zone1970.tab"] {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else { continue }
            // Read as bytes: the file is ASCII, and this runs at the start of most runs.
            for line in [UInt8](data).split(separator: 0x0A) where line.first != UInt8(ascii: "#") {
                let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
                guard fields.count >= 3, let (latitude, longitude) = iso6709(fields[1]) else { continue }
                let zone = String(decoding: fields[2], as: UTF8.self)
                for country in fields[0].split(separator: UInt8(ascii: ",")) {
                    byCountry[String(decoding: country, as: UTF8.self), default: []].append(
                        Entry(zone: zone, latitude: latitude, longitude: longitude))
                }
            }
            if !byCountry.isEmpty { break }  // zone.tab when present, else zone1970.tab
        }
        return byCountry
    }()

    /// Reads ISO 6709 coordinates as the tz database writes them: `+6010+02458`, `+404251-0740023`.
    private static func iso6709(_ text: ArraySlice<UInt8>) -> (Double, Double)? {
        let signs: Set<UInt8> = [UInt8(ascii: "+"), UInt8(ascii: "-")]
        guard let split = text.dropFirst().firstIndex(where: signs.contains) else { return nil }
        func degrees(_ part: ArraySlice<UInt8>, degreeDigits: Int) -> Double? {
            guard let sign = part.first, signs.contains(sign) else { return nil }
            let digits = Array(part.dropFirst())
            guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
                digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
            func number(_ range: Range<Int>) -> Double {
                Double(digits[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
            }
            var value = number(0..<degreeDigits) + number(degreeDigits..<(degreeDigits + 2)) / 60
            if digits.count == degreeDigits + 4 { value += number((degreeDigits + 2)..<(degreeDigits + 4)) / 3600 }
            return sign == UInt8(ascii: "-") ? -value : value
        }
        guard let latitude = degrees(text[..<split], degreeDigits: 2), let longitude = degrees(text[split...], degreeDigits: 3)
        else { return nil }
        return (latitude, longitude)
    }

    private static func distance(_ entry: Entry, _ point: (latitude: Double, longitude: Double)) -> Double {
        GreatCircle.comparableDistance(entry.latitude, entry.longitude, point.latitude, point.longitude)
    }
}
