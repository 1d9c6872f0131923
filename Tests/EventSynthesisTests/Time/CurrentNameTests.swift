import Chrono
import EventModel
import Gazetteer
import Geography
import Reservations
import TestSupport
import Testing

@testable import EventSynthesis

/// Today's names over former ones: where one city of a country bears a name as its own and
/// another only among its other names (a former name, like Korolev's Kaliningrad until 1996),
/// and the two keep different times, the city that bears it today is taken, as a guess reported.
@Suite("Today's city names over former ones")
struct CurrentNameTests {
    /// A name that one city of a country bears as its own and others, in other zones, among
    /// their other names only.
    struct Collision: CustomStringConvertible {
        let name: String
        let countryCode: String
        let current: GazetteerCity
        let others: [GazetteerCity]

        var description: String {
            "\(name)|\(countryCode): \(current.name) (\(current.timeZone)) over "
                + others.map { "\($0.name) (\($0.timeZone))" }.joined(separator: ", ")
        }
    }

    /// Every such name in the countries whose clocks differ from place to place, found from the
    /// gazetteer's own tables.
    static let collisions: [Collision] = {
        let severalZones = { (country: String) in CountryTimeZones.onlyZone(ofCountry: country) == nil }
        return Gazetteer.sharedNames(inCountries: severalZones).compactMap { shared -> Collision? in
            let called = shared.cities.filter { $0.isCalled(shared.name) }
            guard let current = called.first, called.allSatisfy({ CountryTimeZones.keepSameClocks($0.timeZone, current.timeZone) }) else {
                return nil
            }
            let others = shared.cities.filter { !$0.isCalled(shared.name) && !CountryTimeZones.keepSameClocks($0.timeZone, current.timeZone) }
            guard !others.isEmpty else { return nil }
            return Collision(name: shared.name, countryCode: shared.countryCode, current: current, others: others)
        }
        .sorted { ($0.countryCode, $0.name) < ($1.countryCode, $1.name) }
    }()

    /// What synthesis makes of a reservation, given a number so no identity warning intrudes.
    private func synthesize(_ json: String) throws -> SynthesisResult {
        var reservation = try Fixtures.reservation(json)
        reservation.reservationNumber = "NAME-TEST"
        return EventSynthesizer().synthesize(reservation)
    }

    /// A dinner at 19:00, without an offset, at a place with this address.
    private func dinner(_ address: String) throws -> SynthesisResult {
        try synthesize(#"{"type": "restaurant", "name": "Dinner", "startTime": "2030-06-14T19:00", "place": {"name": "Table", "address": {\#(address)}}}"#)
    }

    @Test("the collisions of a current and a former name between zones, as the gazetteer has them (the golden list)")
    func list() {
        let text = Self.collisions.map(\.description).joined(separator: "\n") + "\n"
        let mismatch = Golden.mismatch(text, golden: "Tests/EventSynthesisTests/Golden/current-and-other-names.txt")
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(Self.collisions.contains { $0.name == "kaliningrad" && $0.countryCode == "RU" })
    }

    @Test("in each, a dinner in the city of the name and country, with no offset, is in the zone of the city that bears it today, said to be a guess")
    func eachCollision() throws {
        for collision in Self.collisions {
            let result = try dinner(#""city": "\#(collision.name)", "country": "\#(collision.countryCode)""#)
            let event = try #require(result.event)
            guard case .zoned(_, let zone, _) = event.start else {
                Issue.record("\(collision): \(event.start) \(result.diagnostics.map(\.message))")
                continue
            }
            #expect(zone == collision.current.timeZone, "\(collision): \(zone)")
            // Said to be a guess, unless every city of the name keeps the same time in 2030
            // (Brazil's zones, which differed only until 2019).
            let alike = collision.others.allSatisfy { TimeZoneRules.offset(in: $0.timeZone, at: event.start.instant) == TimeZoneRules.offset(in: zone, at: event.start.instant) }
            if alike {
                #expect(result.diagnostics.isEmpty, "\(collision): \(result.diagnostics.map(\.message))")
            } else {
                #expect(result.diagnostics.map(\.code) == [.zoneGuessed], "\(collision): \(result.diagnostics.map(\.message))")
                #expect(result.diagnostics.first?.message.description.contains("the one called so today") == true, "\(collision)")
            }
        }
    }

    @Test("short forms, spellings and the words that say a city is one are the name it bears: population decides between them, as before")
    func sameName() throws {
        // Matamoros, Tamaulipas is not ten times Matamoros, Coahuila: the event floats, as before.
        for (name, country, zone) in [
            ("Saint Louis", "US", "[America/Chicago]"), ("Matamoros", "MX", ""), ("Juárez", "MX", "[America/Ciudad_Juarez]"),
            ("Volzhskiy", "RU", "[Europe/Volgograd]"), ("Komsomol’sk", "RU", "[Asia/Vladivostok]"), ("São Bernardo", "BR", "[America/Sao_Paulo]"),
        ] {
            let result = try dinner(#""city": "\#(name)", "country": "\#(country)""#)
            let event = try #require(result.event)
            #expect(event.start.description == "2030-06-14T19:00:00\(zone)", "\(name): \(result.diagnostics.map(\.message))")
            #expect(result.diagnostics.allSatisfy { !$0.message.description.contains("called so today") }, "\(name)")
        }
    }

    @Test("Kaliningrad, Russia, is Kaliningrad's, not Korolev's, even for a trip from Moscow")
    func kaliningrad() throws {
        let result = try synthesize(
            #"{"type": "train", "departure": {"place": {"name": "Belorussky", "address": {"city": "Moscow", "country": "RU"}}, "time": "2030-06-14T08:00"}, "arrival": {"place": {"name": "Yuzhny", "address": {"city": "Kaliningrad", "country": "RU"}}, "time": "2030-06-15T08:30"}}"#)
        let event = try #require(result.event)
        #expect(event.end?.description == "2030-06-15T08:30:00[Europe/Kaliningrad]")
        #expect(result.diagnostics.first?.message.description.contains("Korolev has the name only among its other names") == true, "\(result.diagnostics)")
    }

    @Test("names in other languages still find their city", arguments: [
        (#""city": "Munich""#, "Europe/Berlin"), (#""city": "Cologne""#, "Europe/Berlin"), (#""city": "Florence", "country": "IT""#, "Europe/Rome"),
        (#""city": "Cologne", "country": "Germany""#, "Europe/Berlin"), (#""city": "München""#, "Europe/Berlin"),
        (#""city": "Saint Petersburg", "country": "RU""#, "Europe/Moscow"), (#""city": "Vladivostok", "country": "RU""#, "Asia/Vladivostok"),
    ])
    func exonyms(address: String, zone: String) throws {
        let event = try #require(try dinner(address).event)
        #expect(event.start.description == "2030-06-14T19:00:00[\(zone)]")
    }
}
