import Basics
import Foundation

/// One zone of the tz database, read from its compiled TZif file (RFC 8536): the UTC offset in
/// force at any instant, answered by a binary search.
///
/// Foundation answers the same question through ICU, with a lock and a calendar computation per
/// call; a feed asks it a few times for every event, so the table is read here once per zone,
/// from the same files libical reads. Instants after the file's last transition follow the
/// POSIX TZ rule in its footer (`CET-1CEST,M3.5.0,M10.5.0/3`), as a "slim" tzdata build needs.
final class ZoneInfo: Sendable {
    /// Transition instants, ascending, in seconds since the epoch.
    private let transitions: [Int64]
    /// The offset (seconds east of UTC) in force from each transition on.
    private let offsets: [Int32]
    /// The offset before the first transition.
    private let initialOffset: Int32
    /// The kind of time in force from each transition on (into ``periods``), and before the first.
    private let periodIndices: [UInt8]
    private let initialPeriod: UInt8
    /// The kinds of time the file names: offset, daylight or not, abbreviation.
    private let periods: [Period]
    /// The rule for instants after the last transition, when the file has one.
    private let rule: PosixTimeZoneRule?
    /// The rule's own transitions, each with the offset the rule gives from it on, worked out
    /// up to ``ruleHorizon`` the first time an instant past the file's transitions is looked up
    /// (Debian's files list transitions to 2037, so most runs never need them): looking an
    /// offset up is then a binary search here too.
    private let ruleTable = Locked<RuleTable?>(nil)

    private struct RuleTable: Sendable {
        var transitions: [Int64] = []
        var offsets: [Int32] = []
    }

    /// 2200-01-01: past it, the rule is worked out for each look-up.
    private static let ruleHorizon: Int64 = 7_258_118_400

    /// A kind of time a zone keeps: its offset, whether it is daylight saving time, and its
    /// abbreviation (`CEST`, `+0545`).
    struct Period: Sendable, Hashable {
        var offset: Int32
        var isDaylight: Bool
        var abbreviation: String
    }

    /// A zone with one offset for all time (UTC and its aliases).
    init(fixedOffset seconds: Int32) {
        transitions = []
        offsets = []
        initialOffset = seconds
        periodIndices = []
        initialPeriod = 0
        periods = [Period(offset: seconds, isDaylight: false, abbreviation: seconds == 0 ? "UTC" : "")]
        rule = nil
    }

    /// Parses a TZif file (version 1 to 4).
    convenience init?(tzif bytes: [UInt8]) {
        var reader = TZifReader(bytes: bytes)
        guard let parts = reader.read() else { return nil }
        self.init(
            transitions: parts.transitions, periodIndices: parts.periodIndices, periods: parts.periods, rule: parts.rule)
    }

    fileprivate init(transitions: [Int64], periodIndices: [UInt8], periods: [Period], rule: PosixTimeZoneRule?) {
        self.transitions = transitions
        self.periodIndices = periodIndices
        self.periods = periods
        offsets = periodIndices.map { periods[Int($0)].offset }
        // RFC 8536: time before the first transition is of the first type.
        initialPeriod = 0
        initialOffset = periods[0].offset
        self.rule = rule
    }

    /// The kind of time in force at `seconds` since the epoch.
    func period(at seconds: Int64) -> Period {
        if let rule, transitions.isEmpty || seconds >= transitions[transitions.count - 1] {
            let offset = self.offset(at: seconds)
            if let daylight = rule.daylight, offset == daylight.offset, offset != rule.standardOffset {
                return Period(offset: offset, isDaylight: true, abbreviation: daylight.name)
            }
            return Period(offset: offset, isDaylight: false, abbreviation: rule.standardName)
        }
        let count = Self.count(of: transitions, atOrBefore: seconds)
        return periods[Int(count == 0 ? initialPeriod : periodIndices[count - 1])]
    }

    /// The instants in `range` (seconds since the epoch) at which the offset, the daylight flag
    /// or the abbreviation changes, in order.
    func changes(in range: Range<Int64>) -> [Int64] {
        var instants = transitions.filter { range.contains($0) }
        if let rule, rule.daylight != nil, range.upperBound > (transitions.last ?? .min) {
            let from = max(range.lowerBound, (transitions.last ?? .min) + 1)
            let first = LocalDateTime(secondsSinceEpoch: from).date.year - 1
            let last = LocalDateTime(secondsSinceEpoch: range.upperBound).date.year + 1
            instants += rule.transitions(fromYear: max(1, first), toYear: last).filter { $0 >= from && range.contains($0) }
        }
        // Keep the instants where something a VTIMEZONE says actually changes.
        return instants.filter { period(at: $0 - 1) != period(at: $0) }
    }

    /// The rule's transitions and offsets, from the year before the file's last transition.
    private static func ruleTable(_ rule: PosixTimeZoneRule, after transitions: [Int64]) -> RuleTable {
        var table = RuleTable()
        guard rule.daylight != nil else { return table }
        let from = transitions.last.map { LocalDateTime(secondsSinceEpoch: $0).date.year - 1 } ?? 1900
        for instant in rule.transitions(fromYear: max(1, from), toYear: 2200) where instant < ruleHorizon {
            table.transitions.append(instant)
            table.offsets.append(rule.offset(at: instant))
        }
        return table
    }

    /// The offset in force at `seconds` since the epoch.
    func offset(at seconds: Int64) -> Int32 {
        if let rule, transitions.isEmpty || seconds >= transitions[transitions.count - 1] {
            guard seconds < Self.ruleHorizon else { return rule.offset(at: seconds) }
            let offset = ruleTable.withLock { table -> Int32? in
                if table == nil { table = Self.ruleTable(rule, after: transitions) }
                let count = Self.count(of: table!.transitions, atOrBefore: seconds)
                return count > 0 ? table!.offsets[count - 1] : nil
            }
            return offset ?? rule.offset(at: seconds)
        }
        let count = Self.count(of: transitions, atOrBefore: seconds)
        return count == 0 ? initialOffset : offsets[count - 1]
    }

    /// The number of instants at or before `seconds`, by binary search.
    private static func count(of instants: [Int64], atOrBefore seconds: Int64) -> Int {
        var low = 0
        var high = instants.count
        while low < high {
            let middle = (low + high) / 2
            if instants[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Reads the fields of a TZif file: the 64-bit data block of version 2 and later (or the 32-bit
/// one of version 1), and the footer.
private struct TZifReader {
    let bytes: [UInt8]
    var index = 0

    typealias Parts = (transitions: [Int64], periodIndices: [UInt8], periods: [ZoneInfo.Period], rule: PosixTimeZoneRule?)

    mutating func read() -> Parts? {
        guard let header = readHeader() else { return nil }
        guard header.version >= 2 else { return readData(header, timeSize: 4, footer: nil) }
        // Skip the version 1 block to the 64-bit one.
        index += header.dataSize(timeSize: 4)
        guard let second = readHeader() else { return nil }
        let start = index
        index += second.dataSize(timeSize: 8)
        let footer = readFooter()
        index = start
        return readData(second, timeSize: 8, footer: footer)
    }

    struct Header {
        var version: Int
        var isUTCCount, isStandardCount, leapCount, transitionCount, typeCount, characterCount: Int

        func dataSize(timeSize: Int) -> Int {
            transitionCount * timeSize + transitionCount + typeCount * 6 + characterCount
                + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
        }
    }

    mutating func readHeader() -> Header? {
        guard index + 44 <= bytes.count, bytes[index..<index + 4].elementsEqual("TZif".utf8) else { return nil }
        let versionByte = bytes[index + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        guard (1...9).contains(version) else { return nil }
        index += 20
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(Int(readInteger(size: 4))) }
        guard counts.allSatisfy({ $0 >= 0 }), counts[4] > 0 else { return nil }
        let header = Header(
            version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
            transitionCount: counts[3], typeCount: counts[4], characterCount: counts[5])
        guard index + header.dataSize(timeSize: 4) <= bytes.count else { return nil }
        return header
    }

    mutating func readData(_ header: Header, timeSize: Int, footer: PosixTimeZoneRule?) -> Parts? {
        guard index + header.dataSize(timeSize: timeSize) <= bytes.count else { return nil }
        var times: [Int64] = []
        times.reserveCapacity(header.transitionCount)
        for _ in 0..<header.transitionCount { times.append(readInteger(size: timeSize)) }
        var typeIndices: [UInt8] = []
        for _ in 0..<header.transitionCount {
            typeIndices.append(bytes[index])
            index += 1
        }
        var types: [(offset: Int32, isDaylight: Bool, nameIndex: Int)] = []
        for _ in 0..<header.typeCount {
            let offset = Int32(truncatingIfNeeded: readInteger(size: 4))
            types.append((offset, bytes[index] != 0, Int(bytes[index + 1])))
            index += 2
        }
        let names = bytes[index..<index + header.characterCount]
        guard typeIndices.allSatisfy({ Int($0) < types.count }), zip(times, times.dropFirst()).allSatisfy({ $0 < $1 })
        else { return nil }
        let periods = types.map { type -> ZoneInfo.Period in
            let start = names.startIndex + min(type.nameIndex, names.count)
            let end = names[start...].firstIndex(of: 0) ?? names.endIndex
            return ZoneInfo.Period(offset: type.offset, isDaylight: type.isDaylight, abbreviation: String(decoding: names[start..<end], as: UTF8.self))
        }
        return (times, typeIndices, periods, footer)
    }

    /// The POSIX TZ string between two newlines after the data, or `nil` when empty or unreadable.
    mutating func readFooter() -> PosixTimeZoneRule? {
        guard index < bytes.count, bytes[index] == 0x0A, let end = bytes[(index + 1)...].firstIndex(of: 0x0A) else { return nil }
        return PosixTimeZoneRule(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
    }

    mutating func readInteger(size: Int) -> Int64 {
        var value: UInt64 = 0
        for offset in 0..<size { value = value << 8 | UInt64(bytes[index + offset]) }
        index += size
        // Sign-extend from `size` bytes.
        let shift = UInt64(64 - size * 8)
        return Int64(bitPattern: value << shift) >> shift
    }
}
