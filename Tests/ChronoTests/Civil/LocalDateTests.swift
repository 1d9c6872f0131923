import Foundation
import Testing

@testable import Chrono

@Suite("LocalDate")
struct LocalDateTests {
    @Test("days since 1970-01-01 for known dates")
    func knownDays() throws {
        #expect(try #require(LocalDate(year: 1970, month: 1, day: 1)).daysSinceEpoch == 0)
        #expect(try #require(LocalDate(year: 2000, month: 3, day: 1)).daysSinceEpoch == 11_017)
        #expect(try #require(LocalDate(year: 1969, month: 12, day: 31)).daysSinceEpoch == -1)
        #expect(try #require(LocalDate(year: 1, month: 1, day: 1)).daysSinceEpoch == -719_162)
        #expect(try #require(LocalDate(year: 9999, month: 12, day: 31)).daysSinceEpoch == 2_932_896)
    }

    @Test("converting to days and back is the identity, across four centuries")
    func roundTrip() {
        // 1900-01-01 through 2300-12-31 covers every leap-year rule.
        for days in stride(from: -25_567, through: 120_894, by: 1) {
            let date = LocalDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
        }
    }

    @Test("impossible dates are refused", arguments: [
        (2027, 2, 29), (2100, 2, 29), (2030, 4, 31), (2030, 13, 1), (2030, 0, 1), (2030, 1, 0), (0, 1, 1), (10_000, 1, 1),
    ])
    func impossible(year: Int, month: Int, day: Int) {
        #expect(LocalDate(year: year, month: month, day: day) == nil)
    }

    @Test("29 February exists in leap years only")
    func leapDays() {
        #expect(LocalDate(year: 2028, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2000, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 1900, month: 2, day: 29) == nil)
    }

    @Test("ISO weekday, adding days, text forms")
    func weekdayAndText() throws {
        let date = try #require(LocalDate(year: 2030, month: 6, day: 16))
        #expect(date.isoWeekday == 7)  // a Sunday
        #expect(date.adding(days: 16).description == "2030-07-02")
        #expect(date.adding(days: -200).description == "2029-11-28")
        #expect(date.basicDescription == "20300616")
        #expect(try #require(LocalDate(year: 33, month: 1, day: 2)).description == "0033-01-02")
    }

    @Test("the ends of the calendar: arithmetic past them is held there, never a stop; text outside the years read is refused by every parser")
    func ends() throws {
        #expect(LocalDate(daysSinceEpoch: .max).description == "9999-12-31")
        #expect(LocalDate(daysSinceEpoch: .min).description == "0001-01-01")
        #expect(try #require(LocalDate(year: 9999, month: 12, day: 31)).adding(days: 400).description == "9999-12-31")
        #expect(Instant(secondsSinceEpoch: .max).description.hasPrefix("9999-12-31T"))
        #expect(Instant(secondsSinceEpoch: .min).description.hasPrefix("0001-01-01T"))
        #expect(Instant(secondsSinceEpoch: .max).adding(seconds: 1).secondsSinceEpoch == .max)
        #expect(Instant(secondsSinceEpoch: .min).adding(seconds: -1).secondsSinceEpoch == .min)
        #expect(Instant(secondsSinceEpoch: .max).localDateTime(at: try #require(UTCOffset(seconds: 14 * 3600))).date.year == 9999)
        for text in ["9999-12-31T23:59:59Z", "0001-01-01", "9999-01-01T00:00:00[Europe/Berlin]", "0001-06-01T12:00:00-08:00"] {
            #expect(throws: ISO8601ParseError.self, "\(text)") { try DateTimeValue(iso8601: text) }
            #expect((try? DateTimeValue(iso8601: text)) == nil)
        }
        do {
            _ = try DateTimeValue(iso8601: "9999-12-31T23:59:59Z")
        } catch {
            #expect(error.description.contains("year 9999 is outside 0002-9998, the years read here"), "\(error)")
        }
        #expect(throws: ISO8601ParseError.self) { try Instant(iso8601: "9999-12-31T23:59:59-14:00") }
        #expect(try DateTimeValue(iso8601: "9998-12-31T23:59:59-14:00").date.year == 9998)
        #expect(throws: ISO8601ParseError.self) { try LenientDateParser.read("31 December 9999") { DateOrderHints() } }
        #expect(throws: ISO8601ParseError.self) { try LenientDateParser.read("Jan 1, 0001 10:00") { DateOrderHints() } }
        // Every zone's rules, at the ends of the years read: the conversions hold.
        let zones = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count >= 2, fields[0] == "Z" || fields[0] == "L" else { return nil }
            return String(fields[0] == "Z" ? fields[1] : fields[2])
        }.filter { $0 != "Factory" }
        #expect(zones.count > 400)
        for zone in zones {
            for local in [LocalDateTime(year: 2, month: 1, day: 1, hour: 0, minute: 0)!, LocalDateTime(year: 9998, month: 12, day: 31, hour: 23, minute: 59, second: 59)!] {
                let instant = try #require(TimeZoneRules.instant(of: local, in: zone), "\(zone)")
                let offset = try #require(TimeZoneRules.offset(in: zone, at: instant))
                #expect(instant.localDateTime(at: offset).date.isReadable, "\(zone) \(local)")
            }
        }
    }
}
