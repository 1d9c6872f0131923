import Chrono
import EventModel
import Foundation
import Testing

@testable import EventSynthesis

@Suite("Dates and times in notes")
struct TimeFormatterTests {
    /// Every day of 2030 at a time that walks through the hours, and a few other years.
    static let times: [LocalDateTime] = {
        let start = LocalDate(year: 2030, month: 1, day: 1)!
        var times = (0..<365).map { offset in
            LocalDateTime(date: start.adding(days: offset), time: LocalTime(hour: offset % 24, minute: (offset * 7) % 60)!)
        }
        times += [LocalDateTime(year: 1999, month: 12, day: 31, hour: 23, minute: 59)!, LocalDateTime(year: 2100, month: 2, day: 28, hour: 0, minute: 0)!]
        return times
    }()

    @Test("the same text as Foundation's formatting, without calling it per event", arguments: [
        "en", "fr", "de", "es", "ja", "en-GB", "en-US", "en-IN", "fr-CA", "fr-CH", "de-AT", "de-CH", "es-MX", "es-US", "ja-JP",
    ])
    func matchesFoundation(tag: String) throws {
        let locale = try #require(SynthesisLocale(tag: tag))
        let formatter = TimeFormatter(locale: locale, words: Vocabulary.of(locale))
        let base = Date.FormatStyle(
            locale: Locale(identifier: tag), calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "GMT")!)
        let dateStyle = base.weekday(.abbreviated).day().month(.abbreviated).year()
        for local in Self.times {
            let date = Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpoch))
            #expect(formatter.text(.date(local.date)) == dateStyle.format(date))
            #expect(formatter.text(.floating(local)) == dateStyle.hour().minute().format(date))
            #expect(formatter.text(.zoned(local, in: "Europe/Paris"), besides: .zoned(local, in: "Europe/Paris"))
                == base.hour().minute().format(date))
        }
    }

    @Test("patterns: quoted text, padding, two-digit years; unknown fields are refused")
    func patterns() throws {
        let names = (weekdays: ["S", "M", "T", "W", "T", "F", "S"], months: (1...12).map { "m\($0)" })
        let local = LocalDateTime(year: 2030, month: 6, day: 5, hour: 7, minute: 3)!
        let pattern = try #require(DatePattern("yy-MM-dd HH:mm 'o''clock' h a EEE MMM", weekdays: names.weekdays, months: names.months, am: "am", pm: "pm"))
        #expect(pattern.format(local) == "30-06-05 07:03 o'clock 7 am W m6")
        // The longest each field can be: names of several bytes, a year padded past four digits,
        // the afternoon's hour on the twelve-hour clock.
        let long = try #require(DatePattern("yyyyy/M/d h:mm a, EEE d MMM", weekdays: names.weekdays.map { $0 + "é日" }, months: names.months.map { "«\($0)»" }, am: "午前", pm: "午後"))
        let evening = LocalDateTime(year: 987, month: 12, day: 31, hour: 23, minute: 59)!
        #expect(long.format(evening) == "00987/12/31 11:59 午後, Mé日 31 «m12»")
        #expect(long.format(local) == "02030/6/5 7:03 午前, Wé日 5 «m6»")
        #expect(try #require(DatePattern("", weekdays: names.weekdays, months: names.months, am: "", pm: "")).format(local) == "")
        #expect(DatePattern("G y", weekdays: names.weekdays, months: names.months, am: "", pm: "") == nil)
        #expect(DatePattern("QQQ", weekdays: names.weekdays, months: names.months, am: "", pm: "") == nil)
    }
}
