import Chrono
import EventModel
import Reservations
import Testing

@testable import EventSynthesis

/// Zones of places named, not located: a city, its region and country, through the gazetteer.
@Suite("Time zones from places as people write them")
struct PlaceNameZoneTests {
    /// The event and messages for a reservation, given a number so no identity warning intrudes.
    private func event(_ json: String) throws -> (CalendarEvent, [String]) {
        var reservation = try Fixtures.reservation(json)
        reservation.reservationNumber = "PLACE-TEST"
        let result = EventSynthesizer().synthesize(reservation)
        return (try #require(result.event), result.diagnostics.map { [$0.field?.description, $0.message].compactMap { $0 }.joined(separator: ": ") })
    }

    private func dinner(_ address: String, at time: String = "2030-06-14T19:00") throws -> (CalendarEvent, [String]) {
        try event(#"{"type": "restaurant", "name": "Dinner", "startTime": "\#(time)", "place": {"name": "Table", "address": {\#(address)}}}"#)
    }

    @Test("Portland, Oregon and Portland, Maine: the state decides", arguments: [
        (#""city": "Portland", "region": "OR", "country": "USA""#, "America/Los_Angeles"),
        (#""city": "Portland", "region": "Oregon", "countryCode": "US""#, "America/Los_Angeles"),
        (#""city": "Portland", "region": "ME", "country": "United States""#, "America/New_York"),
        (#""city": "Portland", "region": "Maine", "postalCode": "04101""#, "America/New_York"),
        (#""city": "Portland, OR 97205""#, "America/Los_Angeles"),
    ])
    func portland(address: String, zone: String) throws {
        let (event, messages) = try dinner(address)
        #expect(messages.isEmpty)
        #expect(event.start.description == "2030-06-14T19:00:00[\(zone)]")
    }

    @Test("Las Palmas de Gran Canaria keeps Canary time, not Madrid's")
    func canaries() throws {
        let (stay, messages) = try event(
            #"{"type": "lodging", "name": "Hotel", "checkInTime": "2030-03-10T15:00", "checkOutTime": "2030-03-12T11:00", "place": {"name": "Hotel Santa Catalina", "address": {"street": "León y Castillo 227", "city": "Las Palmas de Gran Canaria", "postalCode": "35005", "country": "Spain"}}}"#)
        #expect(messages.isEmpty)
        #expect(stay.start.description == "2030-03-10T15:00:00[Atlantic/Canary]")
        #expect(stay.end?.description == "2030-03-12T11:00:00[Atlantic/Canary]")
    }

    @Test("a city in its own language, with no country: München")
    func munich() throws {
        let (stay, messages) = try event(
            #"{"type": "lodging", "name": "Hotel", "checkInTime": "2030-03-10T15:00", "checkOutTime": "2030-03-12T11:00", "place": {"name": "Hotel Bayerischer Hof", "address": {"street": "Promenadeplatz 2-6", "city": "München"}}}"#)
        #expect(messages.isEmpty)
        #expect(stay.start.description == "2030-03-10T15:00:00[Europe/Berlin]")
    }

    @Test("a name shared across zones without a region floats, and the warning names the candidates")
    func ambiguous() throws {
        let (event, messages) = try dinner(#""city": "Portland", "country": "USA""#)
        #expect(event.start.description == "2030-06-14T19:00:00")
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message.hasPrefix("startTime: no time zone or UTC offset, and cities called Portland keep different times (Portland, Oregon: America/Los_Angeles; Portland, Maine: America/New_York;"))
        #expect(message.hasSuffix("the event floats, shown at 19:00:00 wherever the calendar is. The region (state, province) or a UTC offset would decide"))
    }

    @Test("the offset decides between cities of one name: -07:00 in June is Pacific, -04:00 Eastern", arguments: [
        ("2030-06-14T19:00:00-07:00", "2030-06-14T19:00:00[America/Los_Angeles]"),
        ("2030-06-14T19:00:00-04:00", "2030-06-14T19:00:00[America/New_York]"),
    ])
    func offsetDecides(time: String, start: String) throws {
        let (event, messages) = try dinner(#""city": "Portland", "country": "USA""#, at: time)
        #expect(messages.isEmpty)
        #expect(event.start.description == start)
    }

    @Test("cities of one name whose zones differ in other years only are no ambiguity at this time (Kazakhstan since 2024)")
    func sameInstant() throws {
        // Aktau on the Caspian (Asia/Aqtau) and Aktau near Karaganda (Asia/Almaty): both +05:00 in 2030, not in 2023.
        let (later, laterMessages) = try dinner(#""city": "Aktau", "country": "KZ""#)
        #expect(laterMessages.isEmpty)
        #expect(later.start.description == "2030-06-14T19:00:00[Asia/Aqtau]")
        let (earlier, earlierMessages) = try dinner(#""city": "Aktau", "country": "KZ""#, at: "2023-06-14T19:00")
        // In 2023 Karaganda's Aktau kept +06:00: the Caspian's, fifteen times larger, is a guess, and said to be one.
        #expect(earlier.start.description == "2023-06-14T19:00:00[Asia/Aqtau]")
        #expect(earlierMessages.first?.contains("cities called Aktau keep different times") == true, "\(earlierMessages)")
        #expect(earlierMessages.first?.contains("by far the largest") == true, "\(earlierMessages)")
    }

    @Test("a city far larger than the others of its name is a guess, and said to be one")
    func largestIsAGuess() throws {
        let (event, messages) = try dinner(#""city": "Paris""#)
        #expect(event.start.description == "2030-06-14T19:00:00[Europe/Paris]")
        #expect(messages.count == 1)
        #expect(messages.first?.contains("took Europe/Paris, that of Paris, Île-de-France, by far the largest. The region or the country would decide") == true, "\(messages)")
    }

    @Test("a town the gazetteer does not know, in a state that keeps mostly one time: a guess, reported")
    func regionOnly() throws {
        let (event, messages) = try dinner(#""city": "Joseph", "region": "OR", "country": "US""#)
        #expect(event.start.description == "2030-06-14T19:00:00[America/Los_Angeles]")
        #expect(messages == ["startTime: no time zone or UTC offset; took America/Los_Angeles, kept by 99% of the people of Oregon (the gazetteer does not know Joseph)"])
        // A region of one time is no guess: the Canaries.
        let (canaries, canaryMessages) = try dinner(#""city": "Agaete", "region": "Canarias", "country": "ES""#)
        #expect(canaryMessages.isEmpty)
        #expect(canaries.start.description == "2030-06-14T19:00:00[Atlantic/Canary]")
    }

    @Test("a trip's other end points to one of the cities of a name, as a guess reported")
    func otherEnd() throws {
        let (trip, messages) = try event(
            #"{"type": "train", "departure": {"place": {"name": "King Street Station", "address": {"city": "Seattle", "region": "WA", "country": "US"}}, "time": "2030-06-14T08:00"}, "arrival": {"place": {"name": "Union Station", "address": {"city": "Portland", "country": "US"}}, "time": "2030-06-14T11:30"}}"#)
        #expect(trip.start.description == "2030-06-14T08:00:00[America/Los_Angeles]")
        #expect(trip.end?.description == "2030-06-14T11:30:00[America/Los_Angeles]")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("arrival.time: no time zone or UTC offset, and cities called Portland keep different times") == true)
        #expect(messages.first?.contains("took America/Los_Angeles, that of Portland, Oregon, the one nearest Seattle, Washington. The region would decide") == true, "\(messages)")
    }

    @Test("the country of the e-mail's sender points to one of the cities of a name, as a guess reported")
    func sendersCountry() throws {
        var reservation = try Fixtures.reservation(
            #"{"type": "lodging", "name": "Hotel", "checkInTime": "2030-03-10T15:00", "place": {"name": "Hotel Sacher", "address": {"city": "Vienna"}}}"#)
        reservation.reservationNumber = "PLACE-TEST"
        let fromAustria = EventSynthesizer().synthesize(reservation, context: SynthesisContext(senderCountry: "AT"))
        #expect(fromAustria.event?.start.description == "2030-03-10T15:00:00[Europe/Vienna]")
        #expect(fromAustria.diagnostics.map(\.message).first?.contains("took Europe/Vienna, that of Vienna, the one in AT, the country of the e-mail's sender") == true, "\(fromAustria.diagnostics)")
        // An American sender points to Virginia's (and West Virginia's: both Eastern).
        let fromAmerica = EventSynthesizer().synthesize(reservation, context: SynthesisContext(senderCountry: "US"))
        #expect(fromAmerica.event?.start.description == "2030-03-10T15:00:00[America/New_York]")
    }

    @Test("another booking of the same document points to one of the cities of a name: a flight to PDX beside a hotel in Portland")
    func companions() throws {
        var stay = try Fixtures.reservation(
            #"{"type": "lodging", "name": "Hotel", "checkInTime": "2030-03-10T15:00", "place": {"name": "The Nines", "address": {"city": "Portland", "country": "US"}}}"#)
        stay.reservationNumber = "PLACE-TEST"
        let flight = try Fixtures.reservation(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-03-10T09:00"}, "arrival": {"airport": {"iataCode": "PDX"}, "time": "2030-03-10T11:00"}}"#)
        let result = EventSynthesizer().synthesize(stay, context: SynthesisContext(companions: [flight]))
        #expect(result.event?.start.description == "2030-03-10T15:00:00[America/Los_Angeles]")
        #expect(result.diagnostics.first?.message.contains("took America/Los_Angeles, that of Portland, Oregon, the one nearest PDX, where another booking of the same document is") == true, "\(result.diagnostics)")
        // A flight to Portland, Maine (PWM) points to Maine's.
        let toBoston = try Fixtures.reservation(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-03-10T09:00"}, "arrival": {"airport": {"iataCode": "PWM"}, "time": "2030-03-10T17:30"}}"#)
        let east = EventSynthesizer().synthesize(stay, context: SynthesisContext(companions: [toBoston]))
        #expect(east.event?.start.description == "2030-03-10T15:00:00[America/New_York]")
    }

    @Test("a station known by name only, in a country of several times: the city its name starts with")
    func stationName() throws {
        let (trip, messages) = try event(
            #"{"type": "train", "departure": {"place": {"name": "Barstow Station", "address": {"country": "US"}}, "time": "2030-06-14T01:00"}, "arrival": {"place": {"name": "Flagstaff Amtrak Station", "address": {"country": "US"}}, "time": "2030-06-14T05:30"}}"#)
        #expect(messages.isEmpty)
        // Barstow has no airport in the table; the gazetteer knows it, in California.
        #expect(trip.start.description == "2030-06-14T01:00:00[America/Los_Angeles]")
        #expect(trip.end?.description == "2030-06-14T05:30:00[America/Phoenix]")
        // A ferry from Corralejo on Fuerteventura, on Canary time, not Madrid's.
        let (ferry, ferryMessages) = try event(
            #"{"type": "boat", "departure": {"place": {"name": "Corralejo Ferry Port", "address": {"country": "ES"}}, "time": "2030-06-14T09:00"}}"#)
        #expect(ferryMessages.isEmpty)
        #expect(ferry.start.description == "2030-06-14T09:00:00[Atlantic/Canary]")
        // The longest name that is a city: San Sebastián de La Gomera, not the Basque San Sebastián.
        let (gomera, gomeraMessages) = try event(
            #"{"type": "boat", "departure": {"place": {"name": "San Sebastián de La Gomera Port", "address": {"country": "ES"}}, "time": "2030-06-14T09:00"}}"#)
        #expect(gomeraMessages.isEmpty)
        #expect(gomera.start.description == "2030-06-14T09:00:00[Atlantic/Canary]")
    }

    @Test("the evidence that decided before still does: coordinates over the city's name")
    func coordinatesFirst() throws {
        // Coordinates in Portland, Maine with the city written alone: the position decides.
        let (event, messages) = try event(
            #"{"type": "restaurant", "name": "Dinner", "startTime": "2030-06-14T19:00", "place": {"name": "Table", "address": {"city": "Portland"}, "coordinates": {"latitude": 43.6591, "longitude": -70.2568}}}"#)
        #expect(messages.isEmpty)
        #expect(event.start.description == "2030-06-14T19:00:00[America/New_York]")
    }
}
