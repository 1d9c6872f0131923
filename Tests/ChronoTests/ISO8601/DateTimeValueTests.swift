import Foundation
import Testing

@testable import Chrono

@Suite("DateTimeValue text form")
struct DateTimeValueTests {
    @Test("accepted forms and their canonical text", arguments: [
        ("2030-06-16", "2030-06-16"),
        ("2030-06-16T15:00", "2030-06-16T15:00:00"),
        ("2030-06-16t15:00:07", "2030-06-16T15:00:07"),
        ("2030-06-16 15:00:07.250", "2030-06-16T15:00:07"),
        ("2030-06-16T15:00:00+03:00", "2030-06-16T15:00:00+03:00"),
        ("2030-06-16T15:00:00+0300", "2030-06-16T15:00:00+03:00"),
        ("2030-06-16T15:00:00-07", "2030-06-16T15:00:00-07:00"),
        ("2030-06-16T15:00:00+05:45", "2030-06-16T15:00:00+05:45"),
        ("2030-06-16T12:00:00Z", "2030-06-16T12:00:00Z"),
        ("2030-06-16T12:00:00.000z", "2030-06-16T12:00:00Z"),
        ("2030-06-16T15:00:00[Europe/Helsinki]", "2030-06-16T15:00:00[Europe/Helsinki]"),
        ("2030-06-16T15:00:00+03:00[Europe/Helsinki]", "2030-06-16T15:00:00+03:00[Europe/Helsinki]"),
        ("2030-06-16T15:00:00+03:00[!Europe/Helsinki][u-ca=gregory]", "2030-06-16T15:00:00+03:00[Europe/Helsinki]"),
        ("2030-06-16T12:00:00Z[Europe/Helsinki]", "2030-06-16T12:00:00+00:00[Europe/Helsinki]"),
        ("2030-06-16T15:00:00[+03:00]", "2030-06-16T15:00:00+03:00"),
        ("  2030-06-16T15:00:00Z\n", "2030-06-16T15:00:00Z"),
    ])
    func accepted(text: String, canonical: String) throws {
        let value = try DateTimeValue(iso8601: text)
        #expect(value.description == canonical)
        #expect(try DateTimeValue(iso8601: canonical) == value)
    }

    @Test("fields of a zoned date-time")
    func fields() throws {
        let value = try DateTimeValue(iso8601: "2030-06-15T17:55:00-07:00[America/Los_Angeles]")
        #expect(value.date == LocalDate(year: 2030, month: 6, day: 15))
        #expect(value.localDateTime == LocalDateTime(year: 2030, month: 6, day: 15, hour: 17, minute: 55))
        #expect(value.timeZone == "America/Los_Angeles")
        #expect(value.utcOffset == UTCOffset(hours: -7))
        #expect(!value.isDateOnly)
        #expect(try DateTimeValue(iso8601: "2030-06-15").isDateOnly)
    }

    @Test("text that is not ISO 8601 at all", arguments: [
        "25/12", "", "tomorrow", "2030-6-16", "20300616", "2030-06-16T", "2030-06-16T15", "2030-06-16T15:00:00 +02:00",
        "2030-06-16T15:00:00+2", "2030-06-16X15:00", "2030-06-16T15:00:00+03:00garbage",
    ])
    func notISO(text: String) {
        #expect(throws: ISO8601ParseError(text: text)) { try DateTimeValue(iso8601: text) }
    }

    @Test("well-shaped text with impossible parts says which part", arguments: [
        ("2027-02-29", "2027-02-29 does not exist"),
        ("2030-13-01T10:00", "month 13 does not exist"),
        ("2030-06-16T25:00", "25:00:00 is not a time of day"),
        ("2030-06-16T24:00", "write 24:00 as 00:00 on the next day"),
        ("2030-06-16T10:61", "10:61:00 is not a time of day"),
        ("2030-06-16T10:00:00+19:00", "a UTC offset cannot exceed 18 hours"),
        ("2030-06-16T10:00:00[Europe/Berln]", "unknown time zone \"Europe/Berln\""),
        ("2030-06-16T10:00:00[PST]", "unknown time zone \"PST\""),
        ("2030-06-16T10:00:00[Europe/Paris][Europe/Rome]", "more than one time zone is given"),
        ("2030-06-16T10:00:00+02:00[+03:00]", "the offset +02:00 disagrees with the suffix [+03:00]"),
        ("2030-06-16T10:00:00[Europe/Paris", "a bracketed suffix is not closed"),
    ])
    func impossible(text: String, reason: String) {
        #expect(throws: ISO8601ParseError(text: text, reason: reason)) { try DateTimeValue(iso8601: text) }
    }

    @Test("the error reads as a diagnostic")
    func errorText() {
        #expect(ISO8601ParseError(text: "25/12").description == #"expected an ISO 8601 date-time, found "25/12""#)
        #expect(
            ISO8601ParseError(text: "2027-02-29", reason: "2027-02-29 does not exist").description
                == #"expected an ISO 8601 date-time, found "2027-02-29" (2027-02-29 does not exist)"#)
    }

    @Test("Codable uses the text form and reports bad text")
    func codable() throws {
        let value = try JSONDecoder().decode([DateTimeValue].self, from: Data(#"["2030-06-16T15:00:00[Europe/Helsinki]"]"#.utf8))
        #expect(String(decoding: try JSONEncoder().encode(value), as: UTF8.self) == #"["2030-06-16T15:00:00[Europe\/Helsinki]"]"#)
        #expect {
            try JSONDecoder().decode([DateTimeValue].self, from: Data(#"["25/12"]"#.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == #"expected an ISO 8601 date-time, found "25/12""#
        }
    }
}

@Suite("Instant from text")
struct InstantTextTests {
    @Test("text naming one moment", arguments: [
        ("2030-06-07T09:00:00Z", "2030-06-07T09:00:00Z"),
        ("2030-06-07T11:00:00+02:00", "2030-06-07T09:00:00Z"),
        ("2030-06-07T11:00:00[Europe/Paris]", "2030-06-07T09:00:00Z"),
    ])
    func moments(text: String, utc: String) throws {
        #expect(try Instant(iso8601: text).description == utc)
    }

    @Test("a date alone or a floating time is not a moment")
    func notMoments() {
        #expect(throws: ISO8601ParseError.self) { try Instant(iso8601: "2030-06-07") }
        #expect {
            try Instant(iso8601: "2030-06-07T09:00")
        } throws: { error in
            (error as? ISO8601ParseError)?.description
                == #"expected an ISO 8601 date-time, found "2030-06-07T09:00" (a moment needs a UTC offset or Z, such as 2030-06-07T09:00:00Z)"#
        }
    }
}

@Suite("ISO 8601 durations")
struct DurationTests {
    @Test("durations", arguments: [("PT6H", Int64?.some(21_600)), ("P1D", 86_400), ("pt90m", 5_400), ("P1DT12H", 129_600),
        ("P2W", 1_209_600), ("PT45S", 45), ("P1M", nil), ("PT", nil), ("6H", nil), ("PT6", nil), ("P1H", nil), ("", nil)])
    func durations(text: String, seconds: Int64?) {
        #expect(ISO8601Duration.seconds(text) == seconds)
    }
}
