import Chrono
import Testing

@Suite("Dates as they are written in the wild")
struct LenientDateParserTests {
    private func read(_ text: String, hints: DateOrderHints = DateOrderHints()) throws -> LenientDate {
        try LenientDateParser.read(text) { hints }
    }

    @Test("ISO 8601 is read as it is, with nothing to report", arguments: [
        "2027-06-15T14:00:00+02:00", "2027-06-15T14:00", "2027-06-15", "2027-06-15T12:00:00Z", "2027-06-15T14:00:00[Europe/Berlin]",
    ])
    func strict(text: String) throws {
        let reading = try read(text)
        #expect(reading.isStrict)
        #expect(reading.value == (try DateTimeValue(iso8601: text)))
    }

    @Test("forms from the wild, each read and each reported", arguments: [
        ("2027-06-15 14:00", "2027-06-15T14:00:00", "a space instead of T"),
        ("15-06-2027 14:00", "2027-06-15T14:00:00", "day first: 15 cannot be a month"),
        ("15.06.2027", "2027-06-15", "day first: 15 cannot be a month"),
        ("05.06.2027 14:00", "2027-06-05T14:00:00", "day first, as dates with dots are written"),
        ("06/15/2027 2:30 PM", "2027-06-15T14:30:00", "month first: 15 cannot be a day"),
        ("2027-06-15 14:00 UTC", "2027-06-15T14:00:00Z", "UTC written as a word"),
        ("2027-06-15T14:00+1:00", "2027-06-15T14:00:00+01:00", "an offset hour of one digit"),
        ("2027-06-15 14:00 +0100", "2027-06-15T14:00:00+01:00", "a space instead of T"),
        ("20270615T140000", "2027-06-15T14:00:00", "the basic format, without separators"),
        ("20270615T1400Z", "2027-06-15T14:00:00Z", "the basic format, without separators"),
        ("20270615", "2027-06-15", "the basic format, without separators"),
        ("Tue, 15 June 2027 14:00 +02:00", "2027-06-15T14:00:00+02:00", "the month by name"),
        ("June 15, 2027 8:30am PDT", "2027-06-15T08:30:00-07:00", "the abbreviation PDT, read as -07:00"),
        ("May 15th 2013 8:30am PST", "2013-05-15T08:30:00-08:00", "a 12-hour clock"),
        ("15 juin 2027 à 14h30", "2027-06-15T14:30:00", "the hour written with h"),
        ("15. Juni 2027 um 14:30 Uhr", "2027-06-15T14:30:00", "the month by name"),
        ("15 de junio de 2027 14:30", "2027-06-15T14:30:00", "the month by name"),
        ("2027年6月15日 14:30", "2027-06-15T14:30:00", "a Japanese date"),
        ("15/06/27", "2027-06-15", "a two-digit year, read as 2027"),
        ("2027/06/15 14:00", "2027-06-15T14:00:00", "year first with \"/\""),
        ("2027-06-15 14:00 (UTC+02:00)", "2027-06-15T14:00:00+02:00", "the offset in parentheses"),
        ("2027-06-15 14:00 Europe/Berlin", "2027-06-15T14:00:00[Europe/Berlin]", "the zone named without brackets"),
        ("15-Jan-2027 06:00", "2027-01-15T06:00:00", "the month by name"),
        ("15-JAN-2027", "2027-01-15", "the month by name"),
        ("Jan-15-2027 6:00 AM", "2027-01-15T06:00:00", "the month by name"),
        ("15/Jan/27", "2027-01-15", "the month by name"),
        ("15.Jan.2027 06:00", "2027-01-15T06:00:00", "the month by name"),
        ("15-janv.-2027 06h00", "2027-01-15T06:00:00", "the month by name"),
        ("15-Mär-2027", "2027-03-15", "the month by name"),
        ("15-dic-2027 06:00", "2027-12-15T06:00:00", "the month by name"),
        ("15-Jan-2027 06:00 +05:30", "2027-01-15T06:00:00+05:30", "the month by name"),
        ("12:00 am", nil, nil),
        ("15-Jan", nil, nil),
        ("32-Jan-2027", nil, nil),
    ] as [(String, String?, String?)])
    func wild(text: String, expected: String?, departure: String?) throws {
        guard let expected, let departure else {
            #expect(throws: ISO8601ParseError.self) { try read(text) }
            return
        }
        let reading = try read(text)
        #expect(reading.value.description == expected)
        #expect(reading.departures.map(\.description).contains(departure), "\(reading.departures)")
        #expect(!reading.isStrict)
        #expect(reading.guess == nil)
    }

    @Test("day and month that could be swapped: the document's other dates decide, and that is no guess")
    func documentEvidence() throws {
        let evidence = try #require(DateOrder.evidence(in: ["Booked 25/05/2027", "05/06/2027", "not a date"]))
        #expect(evidence.order == .dayFirst)
        let reading = try read("05/06/2027 09:15", hints: DateOrderHints(document: evidence))
        #expect(reading.value.description == "2027-06-05T09:15:00")
        #expect(reading.guess == nil)
        let american = try #require(DateOrder.evidence(in: ["12/25/2027"]))
        #expect(try read("05/06/2027", hints: DateOrderHints(document: american)).value.description == "2027-05-06")
        // Dates that disagree tell nothing.
        #expect(DateOrder.evidence(in: ["25/05/2027", "12/25/2027"]) == nil)
    }

    @Test("without evidence, the language or country is a guess, and the reading says so")
    func guessed() throws {
        let us = try read("05/06/2027", hints: DateOrderHints(guess: (.monthFirst, "the page's language, en-US")))
        #expect(us.value.description == "2027-05-06")
        #expect(us.guess == LenientDate.Guess(order: .monthFirst, basis: "the page's language, en-US"))
        #expect(us.guess?.description == "month first, a guess from the page's language, en-US")
        let nothing = try read("05/06/2027")
        #expect(nothing.value.description == "2027-06-05")
        #expect(nothing.guess == LenientDate.Guess(order: .dayFirst, basis: nil))
        #expect(nothing.guess?.description.hasPrefix("day first, as most of the world writes dates") == true)
        // The same number twice needs no guess.
        #expect(try read("06/06/2027").guess == nil)
    }

    @Test("a reading keeps what it departs by as values, in the order met; the text is only how messages say it")
    func typedDepartures() throws {
        #expect(try read("20270615T1400Z").departures == [.basicFormat])
        #expect(try read("Tue, 15 June 2027 2:30 PM PDT").departures == [.weekdayName, .monthByName, .twelveHourClock, .abbreviation("PDT", UTCOffset(seconds: -25_200)!)])
        let guessed = try read("05/06/27")
        #expect(guessed.departures == [.twoDigitYear(readAs: 2027), .orderGuessed(LenientDate.Guess(order: .dayFirst, basis: nil), first: 5, second: 6)])
        #expect(guessed.description == "read \"05/06/27\" as 2027-06-05 (a two-digit year, read as 2027; day first, as most of the world writes dates; nothing in the document tells: 5 and 6 could each be the day)")
    }

    @Test("what the language or country says about the order")
    func usualOrder() {
        #expect(DateOrder.usual(forLanguage: "en-US") == .monthFirst)
        #expect(DateOrder.usual(forLanguage: "en_GB") == .dayFirst)
        #expect(DateOrder.usual(forLanguage: "en") == nil)
        #expect(DateOrder.usual(forLanguage: "de") == .dayFirst)
        #expect(DateOrder.usual(inCountry: "us") == .monthFirst)
        #expect(DateOrder.usual(inCountry: "FR") == .dayFirst)
    }

    @Test("impossible days and times are refused with the reason", arguments: [
        ("31.06.2027", "2027-06-31 does not exist"),
        ("13/13/2027", "month 13 does not exist"),
        ("2027-06-15 25:00", "25:00:00 is not a time of day"),
        ("2027-06-15 13:00 PM", "13 is not an hour of a 12-hour clock"),
    ])
    func impossible(text: String, reason: String) {
        #expect {
            try read(text)
        } throws: { error in
            (error as? ISO8601ParseError)?.reason == reason
        }
    }

    @Test("text that is no date is refused", arguments: ["soon", "25/12", "2027", "15 Juni", "14:00", "2027-06-15 14:00 Mars/Olympus"])
    func notDates(text: String) {
        #expect(throws: ISO8601ParseError.self) { try read(text) }
    }
}
