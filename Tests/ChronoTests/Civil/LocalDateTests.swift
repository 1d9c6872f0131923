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
}
