import Foundation
import Testing

@testable import Chrono

@Suite("ZoneInfo")
struct ZoneInfoTests {
    /// Every zone of zone1970.tab, plus a few aliases and fixed zones.
    static let zones: [String] = {
        let table = (try? String(contentsOfFile: "/usr/share/zoneinfo/zone1970.tab", encoding: .utf8)) ?? ""
        let listed = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> String? in
            let fields = line.split(separator: "\t")
            return fields.count >= 3 ? String(fields[2]) : nil
        }
        return listed + ["US/Pacific", "Etc/GMT+5", "Asia/Calcutta", "EST5EDT"]
    }()

    @Test("offsets agree with Foundation's (ICU's) reading of the same zones, 1970 to 2100")
    func agreesWithFoundation() throws {
        #expect(Self.zones.count > 300)
        var disagreements: [String] = []
        for name in Self.zones {
            let zone = try #require(TimeZone(identifier: name), "\(name)")
            // Every 6 days and 7 hours, which walks through every time of day and every season.
            var seconds: Int64 = 0
            while seconds < 4_102_444_800 {
                let ours = TimeZoneRules.offset(in: name, at: Instant(secondsSinceEpoch: seconds))?.seconds
                let theirs = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
                if ours != theirs {
                    disagreements.append("\(name) at \(seconds): \(ours.map(String.init) ?? "nil") vs \(theirs)")
                    break
                }
                seconds += 6 * 86_400 + 7 * 3600
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    @Test("each transition of a zone's rule lands on the instant Foundation gives")
    func transitionsAgree() throws {
        for name in ["Europe/Paris", "America/New_York", "Australia/Sydney", "America/Santiago", "Asia/Jerusalem", "Pacific/Auckland"] {
            let zone = try #require(TimeZone(identifier: name))
            var date = Date(timeIntervalSince1970: 2_000_000_000)  // 2033, beyond most explicit transitions
            for _ in 0..<20 {
                let next = try #require(zone.nextDaylightSavingTimeTransition(after: date))
                let seconds = Int64(next.timeIntervalSince1970)
                let before = TimeZoneRules.offset(in: name, at: Instant(secondsSinceEpoch: seconds - 1))?.seconds
                let after = TimeZoneRules.offset(in: name, at: Instant(secondsSinceEpoch: seconds))?.seconds
                #expect(before == zone.secondsFromGMT(for: next.addingTimeInterval(-1)), "\(name) before \(next)")
                #expect(after == zone.secondsFromGMT(for: next), "\(name) at \(next)")
                date = next
            }
        }
    }

    @Test("POSIX TZ rules in TZif footers", arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", Int64(1_900_000_000), Int32(3600)),  // 2030-03-17, before the last Sunday
        ("EST5EDT,M3.2.0,M11.1.0", Int64(1_909_872_000), Int32(-14400)),  // 2030-07-09
        ("<+0545>-5:45", Int64(0), Int32(20700)),
        ("<-03>3", Int64(0), Int32(-10800)),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", Int64(1_894_060_800), Int32(39600)),  // 2030-01-08
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", Int64(1_909_872_000), Int32(36000)),  // 2030-07-09
        ("IST-2IDT,M3.4.4/26,M10.5.0", Int64(1_909_872_000), Int32(10800)),
        ("<-01>1<+00>,M3.5.0/0,M10.5.0/1", Int64(1_909_872_000), Int32(0)),
        ("XXX-1YYY,J60/2,300", Int64(1_909_872_000), Int32(7200)),
    ])
    func posixRules(rule: String, seconds: Int64, expected: Int32) throws {
        let parsed = try #require(PosixTimeZoneRule(rule))
        #expect(parsed.offset(at: seconds) == expected)
    }

    @Test("the last Sunday of March 2030 starts summer time in Paris's footer rule")
    func lastSunday() throws {
        let rule = try #require(PosixTimeZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        // 2030-03-31T01:00:00Z is 02:00 CET, the moment clocks go forward.
        let change: Int64 = 1_901_149_200
        #expect(rule.offset(at: change - 1) == 3600)
        #expect(rule.offset(at: change) == 7200)
        // 2030-10-27T01:00:00Z is 03:00 CEST, the moment clocks go back.
        let back: Int64 = 1_919_293_200
        #expect(rule.offset(at: back - 1) == 7200)
        #expect(rule.offset(at: back) == 3600)
    }

    @Test("malformed rules and files are refused", arguments: ["", "C-1", "CET", "CET-1CEST,M13.1.0,M10.5.0", "CET-1CEST,M3.5.0"])
    func malformedRules(rule: String) {
        #expect(PosixTimeZoneRule(rule) == nil)
    }

    @Test("a file that is not TZif, or is cut short, is no zone")
    func malformedFiles() throws {
        #expect(ZoneInfo(tzif: Array("not a zone".utf8)) == nil)
        let paris = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")))
        #expect(ZoneInfo(tzif: paris) != nil)
        for length in [10, 44, 100, paris.count / 2] {
            #expect(ZoneInfo(tzif: Array(paris.prefix(length))) == nil, "\(length) bytes")
        }
    }
}
