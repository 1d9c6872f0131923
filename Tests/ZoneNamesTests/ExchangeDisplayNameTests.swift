@testable import Chrono
import Testing
@testable import ZoneNames

@Suite("Exchange's display names")
struct ExchangeDisplayNameTests {
    @Test("the offset and the places, as Exchange 2007 and later, and earlier versions, write them")
    func forms() throws {
        let today = try #require(ExchangeDisplayName("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"))
        #expect(today.offset == UTCOffset(hours: 1))
        #expect(today.places == ["Amsterdam", "Berlin", "Bern", "Rome", "Stockholm", "Vienna"])
        let older = try #require(ExchangeDisplayName("(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna"))
        #expect(older.offset == today.offset && older.places == today.places)
        let quoted = try #require(ExchangeDisplayName("\"(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi\""))
        #expect(quoted.offset == UTCOffset(seconds: 19_800))
        #expect(quoted.places == ["Chennai", "Kolkata", "Mumbai", "New Delhi"])
        let west = try #require(ExchangeDisplayName("(UTC-03:30) Newfoundland"))
        #expect(west.offset == UTCOffset(seconds: -12_600))
        let utc = try #require(ExchangeDisplayName("(UTC) Dublin, Edinburgh, Lisbon, London"))
        #expect(utc.offset == .zero && utc.places.first == "Dublin")
        let greenwich = try #require(ExchangeDisplayName("(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London"))
        #expect(greenwich.places == ["Dublin", "Edinburgh", "Lisbon", "London"])
        #expect(try #require(ExchangeDisplayName("(UTC-08:00) Pacific Time (US & Canada)")).places == ["Pacific Time (US & Canada)"])
    }

    @Test("a name of thousands of places is read for its first few only")
    func boundedPlaces() throws {
        let long = "(UTC+01:00) " + Array(repeating: "Berlin", count: 5_000).joined(separator: ", ")
        #expect(try #require(ExchangeDisplayName(long)).places.count == ExchangeDisplayName.placeLimit)
    }

    @Test("what is not a display name", arguments: ["W. Europe Standard Time", "(UTC+25:00) Nowhere", "(UTC+01:75) Nowhere", "(UTC01:00) Nowhere", "UTC+01:00 Berlin", "(XYZ+01:00) Berlin"])
    func notDisplayNames(text: String) {
        #expect(ExchangeDisplayName(text) == nil)
    }
}
