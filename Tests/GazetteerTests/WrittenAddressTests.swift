import Gazetteer
import Testing

/// Free-text locations read as people write addresses: from the end.
@Suite("Locations written as one text")
struct WrittenAddressTests {
    @Test(
        "the city in its place in the address, whatever the venue or street is named after",
        arguments: [
            ("Madison Square Garden, 4 Pennsylvania Plaza, New York, NY", "New York", "NY", nil),
            ("Madison Square Garden, 4 Pennsylvania Plaza, New York, NY 10001, USA", "New York", "NY 10001", "US"),
            ("Olympia Terminal, Olympiaranta 1, Helsinki, Finland", "Helsinki", nil, "FI"),
            ("Olympia Terminal, Olympiaranta 1, 00140 Helsinki, Finland", "Helsinki", nil, "FI"),
            ("Olympia Stadium, Rome, Italy", "Rome", nil, "IT"),
            ("Toronto Dominion Square, Calgary, AB", "Calgary", "AB", nil),
            ("Paris Las Vegas, 3655 S Las Vegas Blvd, Las Vegas, NV", "Las Vegas", "NV", nil),
            ("Sydney Street, London, UK", "London", nil, "GB"),
            ("Berlin Street, Manchester, United Kingdom", "Manchester", nil, "GB"),
            ("Moscow Mule Bar, Berlin Street, Boston, MA", "Boston", "MA", nil),
            ("Konzerthaus\nGendarmenmarkt\n10117 Berlin", "Berlin", nil, nil),
            ("Hotel, Dam 9, 1012 JS Amsterdam, Netherlands", "Amsterdam", nil, "NL"),
            ("Olympia, Washington, USA", "Olympia", "Washington", "US"),
            ("Los Angeles, CA", "Los Angeles", "CA", nil),
            ("Brandenburger Tor, Berlin, DE", "Berlin", nil, "DE"),
            ("Helsinki, 00100, Finland", "Helsinki", nil, "FI"),
            ("Opera House, Sydney NSW 2000", "Sydney", "NSW", nil),
            ("Brisbane QLD 4000, Australia", "Brisbane", "QLD", "AU"),
            ("Via Roma 1, 20121 Milano MI", "Milano", nil, nil),
            ("Fox Theatre, Atlanta, Georgia", "Atlanta", "Georgia", nil),
            ("Rustaveli Theatre, Tbilisi, Georgia", "Tbilisi", nil, "GE"),
            ("Forbidden City, Beijing, China", "Beijing", nil, "CN"),
        ] as [(String, String, String?, String?)])
    func fromTheEnd(text: String, city: String, region: String?, country: String?) throws {
        let reading = try #require(WrittenAddress.read(text))
        #expect(reading.city == city)
        #expect(reading.region == region)
        #expect(reading.countryCode == country)
    }

    @Test(
        "a venue or street named after a city, with nothing after it, is no city",
        arguments: [
            "Madison Square Garden", "Olympia Terminal", "Paris Las Vegas", "Sydney Street", "Berlin Street",
            "Toronto Dominion Square", "Moscow Mule Bar", "Paris Las Vegas, 3655 S Las Vegas Blvd", "4 Pennsylvania Plaza",
            "Madison Square Garden, Sydney Street",
        ])
    func venues(text: String) {
        #expect(WrittenAddress.read(text) == nil)
    }

    @Test("a country or a region alone, and a city alone")
    func partial() throws {
        #expect(WrittenAddress.read("Some Venue, Finland") == WrittenAddress(countryCode: "FI"))
        #expect(WrittenAddress.read("Some Venue, Bavaria, Germany") == WrittenAddress(region: "Bavaria", countryCode: "DE"))
        #expect(WrittenAddress.read("Helsinki")?.city == "Helsinki")
    }

    @Test("cities named before the one in its place in the address are kept for the report")
    func twoCities() throws {
        let reading = try #require(WrittenAddress.read("Olympia, Helsinki"))
        #expect(reading.city == "Helsinki")
        #expect(reading.otherCities == ["Olympia"])
        // A venue named after a city is not a city named.
        #expect(WrittenAddress.read("Olympia Terminal, Helsinki")?.otherCities == [])
    }

    @Test("long texts and many parts are read within bounds")
    func bounds() {
        let long = String(repeating: "Olympia Terminal, ", count: 10_000) + "Helsinki, Finland"
        #expect(WrittenAddress.read(long)?.city == "Helsinki")
        #expect(WrittenAddress.read(String(repeating: "x", count: 100_000)) == nil)
        #expect(WrittenAddress.read("") == nil)
        #expect(WrittenAddress.read(",,,;;\n") == nil)
    }
}
