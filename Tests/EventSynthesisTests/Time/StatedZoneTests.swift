@testable import Chrono
@testable import EventModel
import Foundation
@testable import Gazetteer
@testable import Geography
import Reservations
import Testing

@testable import EventSynthesis

/// A zone or offset a time states is the source's word on its instant: only a located place
/// (an airport's code, a position, an address that gives its country) whose clocks differ for
/// the whole event outweighs it; words never do.
@Suite("Stated zones over words")
struct StatedZoneTests {
    /// The event and messages for a reservation, given a number so no identity warning intrudes.
    private func event(_ json: String) throws -> (CalendarEvent, [String]) {
        var reservation = try Fixtures.reservation(json)
        reservation.reservationNumber = "ZONE-TEST"
        let result = EventSynthesizer().synthesize(reservation)
        return (try #require(result.event), result.diagnostics.map { [$0.field?.description, $0.message].compactMap { $0 }.joined(separator: ": ") })
    }

    /// A ticketed event at a venue known only by the text a calendar file's LOCATION gives.
    private func ticket(at location: String, from start: String, to end: String) throws -> (CalendarEvent, [String]) {
        let venue = String(decoding: try JSONEncoder().encode(location), as: UTF8.self)
        return try event(#"{"type": "ticketedEvent", "name": "Show", "startTime": "\#(start)", "endTime": "\#(end)", "venue": {"name": \#(venue)}}"#)
    }

    @Test(
        "venues and streets named after other cities keep the stated zone, and what their text names agrees with it",
        arguments: [
            ("Madison Square Garden, 4 Pennsylvania Plaza, New York, NY", "America/New_York"),
            ("Olympia Terminal, Olympiaranta 1, Helsinki, Finland", "Europe/Helsinki"),
            ("Olympia Stadium, Rome, Italy", "Europe/Rome"),
            ("Toronto Dominion Square, Calgary, AB", "America/Edmonton"),
            ("Paris Las Vegas, 3655 S Las Vegas Blvd, Las Vegas, NV", "America/Los_Angeles"),
            ("Sydney Street, London, UK", "Europe/London"),
            ("Berlin Street, Manchester, United Kingdom", "Europe/London"),
            ("Moscow Mule Bar, Berlin Street, Boston, MA", "America/New_York"),
            ("Madison Square Garden", "America/New_York"),
            ("Paris Las Vegas", "America/Los_Angeles"),
            ("Olympia Terminal", "Europe/Helsinki"),
        ])
    func venuesNamedAfterCities(location: String, zone: String) throws {
        for (start, end) in [("2030-05-12T19:30:00", "2030-05-12T22:30:00"), ("2030-01-12T19:30:00", "2030-01-12T22:30:00")] {
            let (show, messages) = try ticket(at: location, from: "\(start)[\(zone)]", to: "\(end)[\(zone)]")
            #expect(show.start.description == "\(start)[\(zone)]", "\(location)")
            #expect(show.end?.description == "\(end)[\(zone)]", "\(location)")
            #expect(messages.isEmpty, "\(location): \(messages)")
        }
    }

    @Test("words that disagree with the stated zone are reported, naming both, and the stated time is kept")
    func wordsDisagree() throws {
        let (show, messages) = try ticket(
            at: "Olympia Terminal, Olympiaranta 1, Helsinki, Finland", from: "2030-06-01T17:00:00[America/New_York]",
            to: "2030-06-01T20:00:00[America/New_York]")
        #expect(show.start.description == "2030-06-01T17:00:00[America/New_York]")
        #expect(show.end?.description == "2030-06-01T20:00:00[America/New_York]")
        #expect(
            messages.first
                == "startTime: America/New_York, the zone the time states, keeps other clocks than the place (FI's zone Europe/Helsinki, as the words “Olympia Terminal, Olympiaranta 1, Helsinki, Finland” read) at that time; kept the time as stated, in America/New_York"
        )
        #expect(messages.count == 2)
    }

    @Test("without a stated zone, the words of the location place the time; a venue's name alone does not")
    func wordsPlaceFloatingTimes() throws {
        let (ferry, messages) = try ticket(at: "Olympia Terminal, Olympiaranta 1, Helsinki, Finland", from: "2030-06-01T17:00", to: "2030-06-01T20:00")
        #expect(messages.isEmpty)
        #expect(ferry.start.description == "2030-06-01T17:00:00[Europe/Helsinki]")
        let (garden, gardenMessages) = try ticket(at: "Madison Square Garden", from: "2030-06-01T19:30", to: "2030-06-01T22:30")
        #expect(garden.start.description == "2030-06-01T19:30:00", "Madison Square Garden is not in Madison")
        #expect(gardenMessages.first?.contains("floats") == true, "\(gardenMessages)")
    }

    @Test("two cities named: the one in its place in the address is taken, and the choice reported when their zones differ")
    func twoCities() throws {
        let (show, messages) = try ticket(at: "Olympia, Helsinki", from: "2030-06-01T17:00", to: "2030-06-01T20:00")
        #expect(show.start.description == "2030-06-01T17:00:00[Europe/Helsinki]")
        #expect(messages == ["startTime: “Olympia, Helsinki” names Olympia (America/Los_Angeles) and Helsinki; took Europe/Helsinki, that of Helsinki, the city in its place in the address"])
        // Kensington and London keep one time: nothing to say.
        let (quiet, quietMessages) = try ticket(at: "Royal Albert Hall, Kensington, London, UK", from: "2030-06-01T19:30", to: "2030-06-01T22:00")
        #expect(quiet.start.description == "2030-06-01T19:30:00[Europe/London]")
        #expect(quietMessages.isEmpty)
    }

    @Test("an offset with words that suggest another zone keeps its instant (no season's slip is read into words)")
    func offsetsAndWords() throws {
        // Chicago keeps -05:00 in summer: in January it is New York's, and the instant stays.
        let (train, messages) = try event(
            #"{"type": "train", "departure": {"place": {"name": "Chicago Union Station"}, "time": "2030-01-12T19:30:00-05:00"}}"#)
        #expect(train.start.instant == (try Instant(iso8601: "2030-01-13T00:30:00Z")))
        #expect(messages.first?.contains("the offset -05:00 is not that of the place") == true, "\(messages)")
        // The words' zone is taken where it keeps the offset.
        let (summer, summerMessages) = try event(
            #"{"type": "train", "departure": {"place": {"name": "Chicago Union Station"}, "time": "2030-07-12T19:30:00-05:00"}}"#)
        #expect(summerMessages.isEmpty)
        #expect(summer.start.description == "2030-07-12T19:30:00[America/Chicago]")
        // A located place still reads the other season's offset as the slip it is (SFO in June at -08:00).
        let (flight, _) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-12T19:30:00-08:00"}, "arrival": {"airport": {"iataCode": "HEL"}}}"#)
        #expect(flight.start.description == "2030-06-12T19:30:00[America/Los_Angeles]")
    }

    @Test("a located place outweighs a stated zone only where their clocks differ for the whole event")
    func wholeEvent() throws {
        // A stay in Phoenix "in America/Denver": the same clocks until the 10th of March, then not.
        let json = #"{"type": "lodging", "name": "Hotel", "checkInTime": "2030-03-01T15:00:00[America/Denver]", "checkOutTime": "2030-03-20T11:00:00[America/Denver]", "place": {"name": "Hotel", "coordinates": {"latitude": 33.4484, "longitude": -112.0740}}}"#
        let (stay, messages) = try event(json)
        #expect(stay.start.description == "2030-03-01T15:00:00[America/Denver]")
        #expect(stay.end?.description == "2030-03-20T11:00:00[America/Denver]")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("checkOutTime: America/Denver, the zone the time states, keeps other clocks than the place (America/Phoenix, the zone at 33.4484, -112.0740)") == true, "\(messages)")
        // Throughout the stay: the source's mistake, and the wall time is the place's.
        let (summer, summerMessages) = try event(json.replacingOccurrences(of: "2030-03-01", with: "2030-06-01").replacingOccurrences(of: "2030-03-20", with: "2030-06-20"))
        #expect(summer.start.description == "2030-06-01T15:00:00[America/Phoenix]")
        #expect(summer.end?.description == "2030-06-20T11:00:00[America/Phoenix]")
        #expect(summerMessages.first == "checkInTime: America/Denver, the zone the time states, is not the zone of the place (America/Phoenix, the zone at 33.4484, -112.0740); read 2030-06-01T15:00:00 as a wall time there")
    }

    @Test("an airport's code and an address that gives its city and country outweigh a stated zone")
    func locatedEvidence() throws {
        let (flight, messages) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "HEL"}, "time": "2030-06-12T08:00:00[America/New_York]"}, "arrival": {"airport": {"iataCode": "ARN"}}}"#)
        #expect(flight.start.description == "2030-06-12T08:00:00[Europe/Helsinki]")
        #expect(messages.first?.contains("is not the zone of the place (HEL's zone Europe/Helsinki)") == true, "\(messages)")
        let (stay, stayMessages) = try event(
            #"{"type": "lodging", "name": "Hotel", "checkInTime": "2030-06-01T15:00:00[Europe/Berlin]", "place": {"name": "Hotel", "address": {"city": "Lisbon", "country": "Portugal"}}}"#)
        #expect(stay.start.description == "2030-06-01T15:00:00[Europe/Lisbon]")
        #expect(stayMessages.first?.contains("from its address") == true, "\(stayMessages)")
        // A city without its country is not located: the stated zone stands.
        let (alone, aloneMessages) = try event(
            #"{"type": "lodging", "name": "Hotel", "checkInTime": "2030-06-01T15:00:00[America/New_York]", "place": {"name": "Hotel", "address": {"city": "München"}}}"#)
        #expect(alone.start.description == "2030-06-01T15:00:00[America/New_York]")
        #expect(aloneMessages.first?.contains("kept the time as stated") == true, "\(aloneMessages)")
    }

    @Test(
        "an address under its country's name in one of its territories, or with a city of another country, keeps the stated zone",
        arguments: [
            (#"{"city": "Saint-Denis", "postalCode": "97400", "country": "France"}"#, "Indian/Reunion"),
            (#"{"city": "Pointe-à-Pitre", "country": "France"}"#, "America/Guadeloupe"),
            (#"{"city": "Tórshavn", "country": "Denmark"}"#, "Atlantic/Faroe"),
            (#"{"city": "Willemstad", "country": "Netherlands"}"#, "America/Curacao"),
            (#"{"city": "San Juan", "region": "PR", "countryCode": "US"}"#, "America/Puerto_Rico"),
            (#"{"city": "Hagåtña", "region": "GU", "countryCode": "US"}"#, "Pacific/Guam"),
            (#"{"city": "Gibraltar", "country": "United Kingdom"}"#, "Europe/Gibraltar"),
            (#"{"city": "Atlanta", "country": "Georgia"}"#, "America/New_York"),
        ])
    func territories(address: String, zone: String) throws {
        let (show, messages) = try event(
            #"{"type": "ticketedEvent", "name": "Show", "startTime": "2030-06-12T19:30:00[\#(zone)]", "venue": {"name": "Hall", "address": \#(address)}}"#)
        #expect(show.start.description == "2030-06-12T19:30:00[\(zone)]", "\(address): \(messages)")
        #expect(!messages.contains { $0.contains("wall time there") }, "\(address): \(messages)")
    }

    @Test("an offset at a territory's address given under its country keeps its instant, in the territory's zone")
    func territoryOffsets() throws {
        let (faroe, faroeMessages) = try event(
            #"{"type": "ticketedEvent", "name": "Show", "startTime": "2030-06-12T19:30:00+01:00", "venue": {"name": "Hall", "address": {"city": "Tórshavn", "country": "DK"}}}"#)
        #expect(faroe.start.description == "2030-06-12T19:30:00[Atlantic/Faroe]")
        #expect(faroeMessages.isEmpty)
        // In Copenhagen the same offset in June is the winter one, a slip: the wall time is kept.
        let (copenhagen, _) = try event(
            #"{"type": "ticketedEvent", "name": "Show", "startTime": "2030-06-12T19:30:00+01:00", "venue": {"name": "Hall", "address": {"city": "Copenhagen", "country": "DK"}}}"#)
        #expect(copenhagen.start.description == "2030-06-12T19:30:00[Europe/Copenhagen]")
    }

    @Test("a country alone locates a place only where most of its people keep one time: Portugal, not Canada")
    func countryAlone() throws {
        let (canada, messages) = try event(
            #"{"type": "ticketedEvent", "name": "Show", "startTime": "2030-06-12T19:30:00[Europe/London]", "venue": {"name": "Hall", "address": {"countryCode": "CA"}}}"#)
        #expect(canada.start.description == "2030-06-12T19:30:00[Europe/London]")
        #expect(messages.first == "startTime: Europe/London, the zone the time states, keeps other clocks than the place (every zone of CA, from its address) at that time; kept the time as stated, in Europe/London")
        let (portugal, _) = try event(
            #"{"type": "ticketedEvent", "name": "Show", "startTime": "2030-06-12T19:30:00[Europe/Berlin]", "venue": {"name": "Hall", "address": {"countryCode": "PT"}}}"#)
        #expect(portugal.start.description == "2030-06-12T19:30:00[Europe/Lisbon]")
    }

    @Test("an end without a zone beside a start with one takes the start's zone, not what the location's words suggest")
    func endOnTheStartsClock() throws {
        let (show, messages) = try ticket(at: "Le Grand Rex, Paris, France", from: "2030-06-12T19:30:00[Europe/London]", to: "2030-06-12T23:30:00")
        #expect(show.end?.description == "2030-06-12T23:30:00[Europe/London]", "\(messages)")
    }

    @Test("free text that names a country CLDR calls otherwise, a US state that is a country's name, a city that is a country's name in Spanish", arguments: [
        ("Forbidden City, Beijing, China", "2030-06-12T19:30:00[Asia/Shanghai]"),
        ("Fox Theatre, 660 Peachtree St NE, Atlanta, Georgia", "2030-06-12T19:30:00[America/New_York]"),
        ("Rustaveli Theatre, Tbilisi, Georgia", "2030-06-12T19:30:00[Asia/Tbilisi]"),
        ("Hagia Sophia, Istanbul, Turkey", "2030-06-12T19:30:00[Europe/Istanbul]"),
        ("Opera House, Sydney NSW 2000", "2030-06-12T19:30:00[Australia/Sydney]"),
        ("Alhambra, Granada", "2030-06-12T19:30:00"),
    ])
    func countryNames(location: String, start: String) throws {
        let (show, messages) = try ticket(at: location, from: "2030-06-12T19:30", to: "2030-06-12T21:30")
        #expect(show.start.description == start, "\(location): \(messages)")
    }

    // MARK: - Property: words never move a stated instant

    /// Zones to state, far apart: for each name, the first whose clocks differ from every city
    /// of that name is stated.
    static let farZones = ["Pacific/Auckland", "America/Los_Angeles", "Europe/Helsinki", "Asia/Kolkata", "America/Sao_Paulo"]

    /// Names that several cities bear (``Gazetteer/sharedNames(inCountries:)``), and the names
    /// of the largest cities, one in every few so that the test stays quick.
    static let names: [(name: String, cities: [GazetteerCity])] = {
        let shared = Gazetteer.sharedNames(inCountries: { _ in true })
        var seen: Set<String> = []
        var names: [(String, [GazetteerCity])] = []
        for (index, entry) in shared.enumerated() where index % 40 == 0 && seen.insert(entry.name).inserted {
            names.append((entry.name, Gazetteer.cities(named: entry.name)))
        }
        for city in Gazetteer.allCities.sorted(by: { $0.population > $1.population }).prefix(150) where seen.insert(city.name.lowercased()).inserted {
            names.append((city.name, Gazetteer.cities(named: city.name)))
        }
        return names
    }()

    /// Free texts built from a city's name, as vendors write venues, streets and stations.
    static func texts(_ name: String) -> [String] {
        [
            name, "\(name) Square Garden", "\(name) Terminal, Pier 3", "\(name) Street, Springfield", "The \(name) Arena",
            "\(name) Mule Bar, \(name) Street", "Hotel \(name), 12 \(name) Road, \(name)", "\(name) Station",
        ]
    }

    @Test("over the gazetteer's shared names and the largest cities' names, a stated zone's instant never moves on free text alone")
    func wordsNeverMoveAStatedInstant() throws {
        #expect(Self.names.count > 150, "\(Self.names.count)")
        var checked = 0
        for (name, cities) in Self.names {
            let display = name.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            for local in ["2030-01-15T19:30:00", "2030-07-15T19:30:00"] {
                let localTime = try #require(try DateTimeValue(iso8601: local).localDateTime)
                let probe = try #require(TimeZoneRules.instant(of: localTime, in: "UTC"))
                guard let zone = Self.farZones.first(where: { zone in
                    cities.allSatisfy { TimeZoneRules.offset(in: $0.timeZone, at: probe) != TimeZoneRules.offset(in: zone, at: probe) }
                }) else { continue }
                let stated = try #require(TimeZoneRules.instant(of: localTime, in: zone))
                let offset = try #require(TimeZoneRules.offset(in: zone, at: stated))
                for text in Self.texts(display) {
                    let quoted = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
                    for time in ["\(local)[\(zone)]", "\(local)\(offset)"] {
                        let reservations = [
                            #"{"type": "ticketedEvent", "name": "Show", "startTime": "\#(time)", "venue": {"name": \#(quoted)}}"#,
                            #"{"type": "restaurant", "name": "Dinner", "startTime": "\#(time)", "place": {"name": "Table", "address": {"street": \#(quoted)}}}"#,
                            #"{"type": "train", "departure": {"place": {"name": \#(quoted)}, "time": "\#(time)"}}"#,
                        ]
                        for json in reservations {
                            let (event, messages) = try event(json)
                            #expect(event.start.instant == stated, "\(text) at \(time): \(event.start) \(messages)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 10_000, "\(checked)")
    }
}
