import Basics
import Foundation

/// Answers questions about IANA time zones from the system's tz database.
///
/// Zones are read from the compiled tzdata files (on Debian, package `tzdata`, in
/// `/usr/share/zoneinfo`, or `$TZDIR`), the same files libical reads, so a zone known here can
/// also be written as a VTIMEZONE. Each zone is read once, when first asked for (never all of
/// them up front); look-ups are then a binary search, safe to call from any thread.
public enum TimeZoneRules {
    /// Whether `name` is an IANA zone name present in the system's tz database.
    ///
    /// Names are matched exactly (`Europe/Paris`, not `europe/paris`); abbreviations such as
    /// `PST` and Foundation's own forms such as `GMT+2` are not IANA names and are refused.
    public static func isKnown(_ name: String) -> Bool {
        zone(named: name) != nil
    }

    /// Whether `name` is one of the tz database's names for UTC itself (`UTC`, `Etc/UTC`, `GMT`,
    /// `Zulu`, ...). Times in such a zone are best written as UTC.
    public static func isUTC(_ name: String) -> Bool {
        utcNames.contains(name)
    }

    /// The UTC offset in force in the zone at an instant, or `nil` for an unknown zone.
    public static func offset(in name: String, at instant: Instant) -> UTCOffset? {
        guard let zone = zone(named: name) else { return nil }
        return UTCOffset(uncheckedSeconds: Int(zone.offset(at: instant.secondsSinceEpoch)))
    }

    /// The wall time a clock in the zone shows at an instant, or `nil` for an unknown zone.
    public static func localDateTime(of instant: Instant, in name: String) -> LocalDateTime? {
        offset(in: name, at: instant).map { instant.localDateTime(at: $0) }
    }

    /// The instant at which a clock in the zone shows the wall time, or `nil` for an unknown zone.
    ///
    /// Follows RFC 5545 (section 3.3.5): a wall time that occurs twice, when clocks go back, means
    /// its first occurrence; a wall time that does not occur, when clocks go forward, is read with
    /// the offset in force before the gap (so 02:30 on the night clocks jump from 02:00 to 03:00
    /// is the instant shown as 03:30).
    public static func instant(of local: LocalDateTime, in name: String) -> Instant? {
        reading(of: local, in: name)?.instant
    }

    /// How a clock in the zone shows a wall time: once, twice (the repeated hour when clocks go
    /// back), or never (the hour skipped when they go forward); `nil` for an unknown zone.
    public static func reading(of local: LocalDateTime, in name: String) -> WallTimeReading? {
        guard let zone = zone(named: name) else { return nil }
        let wall = local.secondsSinceEpoch
        func offset(at seconds: Int64) -> Int64 {
            Int64(zone.offset(at: seconds))
        }
        // Offsets in force a day either side bracket any single transition near this wall time.
        let before = offset(at: wall - 86_400 - 18 * 3600)
        let after = offset(at: wall + 86_400 + 18 * 3600)
        let first = offset(at: wall - before) == before ? wall - before : nil
        let second = before != after && offset(at: wall - after) == after ? wall - after : nil
        func offsetOf(_ seconds: Int64) -> UTCOffset { UTCOffset(uncheckedSeconds: Int(offset(at: seconds))) }
        switch (first, second) {
        case (let a?, let b?) where a != b:
            let (early, late) = (min(a, b), max(a, b))
            return .repeated(
                first: Instant(secondsSinceEpoch: early), firstOffset: offsetOf(early),
                second: Instant(secondsSinceEpoch: late), secondOffset: offsetOf(late))
        case (let a?, _), (nil, let a?):
            return .once(Instant(secondsSinceEpoch: a), offset: offsetOf(a))
        case (nil, nil):
            // Read with the offset in force before the gap, as RFC 5545 says.
            let instant = wall - before
            return .skipped(Instant(secondsSinceEpoch: instant), offset: offsetOf(instant))
        }
    }

    /// The observance a zone keeps at an instant, or `nil` for an unknown zone.
    public static func observance(in name: String, at instant: Instant) -> ZoneObservance? {
        guard let zone = zone(named: name) else { return nil }
        return observance(zone.period(at: instant.secondsSinceEpoch))
    }

    /// The changes of a zone's clocks from `start` (included) to `end` (excluded), in order, or
    /// `nil` for an unknown zone. Changes of abbreviation or of the daylight flag alone count.
    public static func transitions(in name: String, from start: Instant, to end: Instant) -> [ZoneTransition]? {
        guard let zone = zone(named: name) else { return nil }
        guard start < end else { return [] }
        return zone.changes(in: start.secondsSinceEpoch..<end.secondsSinceEpoch).map { seconds in
            ZoneTransition(
                instant: Instant(secondsSinceEpoch: seconds), before: observance(zone.period(at: seconds - 1)),
                after: observance(zone.period(at: seconds)))
        }
    }

    private static func observance(_ period: ZoneInfo.Period) -> ZoneObservance {
        ZoneObservance(offset: UTCOffset(uncheckedSeconds: Int(period.offset)), isDaylight: period.isDaylight, abbreviation: period.abbreviation)
    }

    // MARK: - Cache

    private static let cache = PerThread<[String: ZoneInfo?]> { [:] }

    private static let utcNames: Set<String> = [
        "UTC", "Etc/UTC", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu",
        "GMT", "Etc/GMT", "GMT0", "Etc/GMT0", "GMT+0", "Etc/GMT+0", "GMT-0", "Etc/GMT-0",
        "Greenwich", "Etc/Greenwich",
    ]

    /// The zone's rules, read on each thread's first use (each thread keeps its own tables, and no
    /// lock is taken: this is asked several times for every event).
    static func zone(named name: String) -> ZoneInfo? {
        if let cached = cache.withValue({ $0[name] }) { return cached }
        let zone = load(name)
        cache.withValue { $0[name] = zone }
        return zone
    }

    private static func load(_ name: String) -> ZoneInfo? {
        guard isWellFormed(name) else { return nil }
        if utcNames.contains(name) { return ZoneInfo(fixedOffset: 0) }
        // `posix/` and `right/` are copies of the database (the latter counting leap seconds),
        // `posixrules` and `Factory` are not places.
        guard !name.hasPrefix("posix/"), !name.hasPrefix("right/"), name != "posixrules", name != "Factory",
            let data = FileManager.default.contents(atPath: zoneDirectory + "/" + name)
        else { return nil }
        return ZoneInfo(tzif: [UInt8](data))
    }

    /// Where the compiled zones are: `$TZDIR`, else the system's folder.
    package static let zoneDirectory: String = {
        if let value = getenv("TZDIR"), value.pointee != 0 { return String(cString: value) }
        return "/usr/share/zoneinfo"
    }()

    /// `Area/Location` built from letters, digits, `_`, `+` and `-`, starting with a letter,
    /// with no empty, `.` or `..` parts.
    private static func isWellFormed(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) || ("a"..."z").contains(first),
            name.utf8.count <= 64
        else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.unicodeScalars.allSatisfy { scalar in
                ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "_" || scalar == "+" || scalar == "-"
            }
        }
    }
}
