import Chrono
import DKIM
import Foundation
import JSONParsing
import Reservations
import SenderVerification
import Testing
import TestSupport

@testable import ReservationImport

@Suite("schema.org markup")
struct SchemaOrgTests {
    static func fixture(_ name: String) -> String { Repository.url("Tests/ReservationImportTests/Fixtures/schema-org/\(name)").path }

    static func read(_ name: String) throws -> ImportResult {
        ReservationImporter().read(try InputDiscovery().expand([fixture(name)]).sources)
    }

    static func read(json: String) -> ImportResult {
        ReservationImporter().read(Array(json.utf8), source: .file("page.jsonld"))
    }

    private func reservation(_ json: String) throws -> Reservation {
        let result = Self.read(json: "{\"@context\": \"http://schema.org\", " + json + "}")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.reservations.first?.reservation)
    }

    @Test("every category, in the property names Apple's and Google's documentation use")
    func allCategories() throws {
        let result = try Self.read("all-categories.jsonld")
        #expect(result.diagnostics.map(\.description) == [
            "\(Self.fixture("all-categories.jsonld")): @graph[8]: warning: TaxiReservation is not one of the eight kinds of reservation this tool writes; skipped (line 127, column 5)"
        ])
        let reservations = result.reservations.map(\.reservation)
        let expected: [ReservationCategory] = [.flight, .lodging, .rentalCar, .restaurant, .ticketedEvent, .train, .bus, .boat, .ticketedEvent]
        #expect(reservations.map(\.category) == expected)

        guard case .flight(let flight) = reservations[0].details else { Issue.record("flight"); return }
        #expect(reservations[0].reservationNumber == "RXJ34P")
        #expect(reservations[0].status == .confirmed)
        #expect(reservations[0].holderName == "Eva Green")
        #expect(flight.designator == "UA 110")
        #expect(flight.departure?.airport?.iataCode == "SFO")
        #expect(flight.departure?.terminal == "3")
        #expect(flight.departure?.gate == "F7")
        #expect(flight.departure?.time == (try DateTimeValue(iso8601: "2030-03-04T20:15:00-08:00")))
        #expect(flight.arrival?.airport?.iataCode == "JFK")
        #expect(flight.seat == Seat(number: "9A", type: "Business"))
        #expect(reservations[0].checkInAction?.url == "https://airline.example.com/checkin/RXJ34P")

        guard case .lodging(let stay) = reservations[1].details else { Issue.record("lodging"); return }
        #expect(reservations[1].reservationNumber == "abc456")
        #expect(stay.place?.name == "Hilton San Francisco Union Square")
        #expect(stay.place?.address?.countryCode == "US")
        #expect(stay.place?.phone == "415-771-1400")
        #expect(stay.checkInTime == (try DateTimeValue(iso8601: "2030-04-11T16:00:00-07:00")))
        #expect(stay.numberOfAdults == 2)
        #expect(stay.numberOfChildren == 1)

        guard case .rentalCar(let rental) = reservations[2].details else { Issue.record("rental"); return }
        #expect(reservations[2].holderName == "Eva Green")
        #expect(rental.company?.name == "Hertz")
        #expect(rental.car == RentalCar(make: "Honda", model: "Civic", type: "Economy Class Car"))
        #expect(rental.pickUp?.place?.name == "Hertz San Diego Airport")
        #expect(rental.dropOff?.place?.name == "Hertz LAX")

        guard case .restaurant(let table) = reservations[3].details else { Issue.record("restaurant"); return }
        #expect(table.partySize == 4)
        #expect(table.place?.name == "Wagamama")

        guard case .ticketedEvent(let concert) = reservations[4].details else { Issue.record("event"); return }
        #expect(concert.name == "Foo Fighters Concert")
        #expect(concert.kind == .other)
        #expect(concert.venue?.name == "AT&T Park")
        #expect(concert.seat == Seat(section: "Lower", row: "E", number: "11"))
        #expect(reservations[4].itemReference == "abc123")

        guard case .train(let train) = reservations[5].details else { Issue.record("train"); return }
        #expect(train.vehicleName == "ICE")
        #expect(train.vehicleNumber == "1543")
        #expect(train.departure?.platform == "7")
        #expect(train.seat == Seat(section: "9", number: "57"))

        guard case .bus(let bus) = reservations[6].details else { Issue.record("bus"); return }
        #expect(reservations[6].reservationNumber == "BUS-99")
        #expect(bus.vehicleName == "FlixBus")
        #expect(bus.arrival?.place?.name == "Oslo Bussterminal")

        guard case .boat(let boat) = reservations[7].details else { Issue.record("boat"); return }
        #expect(reservations[7].provider == Organization(name: "Tallink Silja"))
        #expect(boat.vehicleName == "Silja Serenade")

        guard case .ticketedEvent(let jazz) = reservations[8].details else { Issue.record("plain event"); return }
        #expect(jazz.name == "Midsummer Jazz")
        #expect(reservations[8].itemReference == "https://events.example.com/midsummer-jazz")
    }

    @Test("statuses in every spelling", arguments: [
        ("http://schema.org/ReservationConfirmed", ReservationStatus.confirmed), ("https://schema.org/ReservationConfirmed", .confirmed),
        ("ReservationConfirmed", .confirmed), ("Confirmed", .confirmed), ("schema:ReservationCancelled", .cancelled),
        ("Cancelled", .cancelled), ("http://schema.org/ReservationPending", .pending), ("ReservationHold", .hold), ("Whatever", .unknown),
    ])
    func statuses(text: String, status: ReservationStatus) throws {
        let json = #""@type": "FoodEstablishmentReservation", "reservationStatus": "\#(text)", "startTime": "2030-06-26T19:30:00Z""#
        #expect(try reservation(json).status == status)
    }

    @Test("alternative spellings, full IRIs, strings for numbers, arrays for single values")
    func spellings() throws {
        let hotel = try reservation(
            #""@type": "http://schema.org/LodgingReservation", "http://schema.org/reservationId": ["H1", "H2"], "checkinTime": "2030-06-16T15:00:00+03:00", "numAdults": "2.0", "reservationFor": [{"@type": "Hotel", "name": "Glo"}]"#)
        #expect(hotel.reservationNumber == "H1")
        guard case .lodging(let stay) = hotel.details else { Issue.record("lodging"); return }
        #expect(stay.numberOfAdults == 2)
        #expect(stay.place?.name == "Glo")
        let flight = try reservation(
            #""@type": "FlightReservation", "reservationNumber": "F1", "provider": {"@type": "Airline", "name": "Finnair"}, "reservationFor": {"@type": "Flight", "flightNumber": "AY20", "departureTime": "2030-06-15T17:55:00-07:00"}"#)
        guard case .flight(let details) = flight.details else { Issue.record("flight"); return }
        #expect(details.airline?.name == "Finnair")
        #expect(details.designator == "AY20")
    }

    @Test("airline and airport codes follow the same rule as native JSON: the wrong shape is left out, the right one upper-cased")
    func codes() throws {
        let flight = try reservation(
            #""@type": "FlightReservation", "reservationNumber": "F1", "reservationFor": {"@type": "Flight", "flightNumber": "20", "departureTime": "2030-06-15T17:55:00-07:00", "airline": {"@type": "Airline", "name": "Finnair", "iataCode": "ay", "icaoCode": "F1N"}, "departureAirport": {"@type": "Airport", "iataCode": "sf0", "icaoCode": "ksfo"}, "arrivalAirport": {"@type": "Airport", "iataCode": "hel", "icaoCode": "EFHK1"}}"#)
        guard case .flight(let details) = flight.details else { Issue.record("flight"); return }
        #expect(details.airline?.iataCode == "AY")
        #expect(details.airline?.icaoCode == nil)  // ICAO airline designators are three letters
        #expect(details.departure?.airport?.iataCode == nil)
        #expect(details.departure?.airport?.icaoCode == "KSFO")
        #expect(details.arrival?.airport?.iataCode == "HEL")
        #expect(details.arrival?.airport?.icaoCode == nil)
    }

    @Test("KDE Itinerary's output: date-times with their IANA zone")
    func kde() throws {
        let result = try Self.read("kde-extractor-output.json")
        #expect(result.diagnostics.isEmpty)
        let flight = try #require(result.reservations.first { $0.reservation.category == .flight })
        guard case .flight(let details) = flight.reservation.details else { Issue.record("flight"); return }
        #expect(details.departure?.time == (try DateTimeValue(iso8601: "2030-03-04T20:15:00-08:00[America/Los_Angeles]")))
        #expect(result.reservations.contains { $0.reservation.category == .ticketedEvent && $0.reservation.itemReference != nil })
    }

    @Test("a messy page degrades item by item")
    func messy() throws {
        let result = try Self.read("messy-page.html")
        let file = Self.fixture("messy-page.html")
        #expect(result.diagnostics.map(\.description) == [
            "\(file): script[2]: not valid JSON-LD: expected ',' or '}' after an object member, found '1' (line 14, column 99)",
            "\(file): script[3][0].startTime: a restaurant reservation needs a start time; the item is skipped (line 17, column 2)",
            "\(file): script[3][1].startTime: warning: expected an ISO 8601 date-time, found \"tonight at eight\"; left out (line 20, column 16)",
            "\(file): script[3][1].startTime: a restaurant reservation needs a start time; the item is skipped (line 19, column 2)",
            "\(file): item[1]: warning: TaxiReservation is not one of the eight kinds of reservation this tool writes; skipped (line 29, column 1)",
        ])
        let names = result.reservations.compactMap { imported -> String? in
            switch imported.reservation.details {
            case .lodging(let stay): stay.place?.name
            case .restaurant(let table): table.place?.name
            default: nil
            }
        }
        #expect(names == ["Hotel & Spa Aurora", "Olo"])
    }

    @Test("the seed's JSON-LD and its Microdata are one booking")
    func jsonLDAndMicrodata() throws {
        let folder = try TemporaryFolder("schema")
        let page = try folder.write("page.html", """
            <html><body><script type="application/ld+json">{"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
            "reservationStatus": "http://schema.org/ReservationConfirmed", "reservationId": "IWDSCA", "partySize": "2",
            "reservationFor": {"@type": "FoodEstablishment", "name": "EPIC Steak", "startDate": "2030-06-26T19:30:00-07:00"}}</script>
            <div itemscope itemtype="FoodEstablishmentReservation"><meta itemprop="reservationId" content="IWDSCA"/>
            <meta itemprop="partySize" content="2"/><div itemprop="reservationFor" itemscope itemtype="FoodEstablishment">
            <meta itemprop="name" content="EPIC Steak"/><meta itemprop="telephone" content="(415)369-9955"/>
            <meta itemprop="startDate" content="2030-06-26T19:30:00-07:00"/></div></div></body></html>
            """)
        let result = ReservationImporter().read([.file(page)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.reservations.count == 1)
        guard case .restaurant(let table) = result.reservations.first?.reservation.details else { Issue.record("restaurant"); return }
        #expect(table.place?.phone == "(415)369-9955", "the Microdata's phone joins the JSON-LD's booking")
    }

    @Test("the seed's three e-mails: confirmed at 19:30, moved to 18:30, cancelled; the newest wins field by field",
          arguments: [(1, "2030-06-26T19:30:00-07:00", ReservationStatus.confirmed), (2, "2030-06-26T18:30:00-07:00", .confirmed),
                      (3, "2030-06-26T19:30:00-07:00", .cancelled)])
    func mails(count: Int, start: String, status: ReservationStatus) throws {
        let names = ["epic-steak-1-confirmed.eml", "epic-steak-2-moved.eml", "epic-steak-3-cancelled.eml"].prefix(count)
        // In reverse order, to show that the Date decides, not the order of the inputs.
        var importer = ReservationImporter()
        importer.senders.verifier = SenderVerifier(keys: try DKIMKeyFile(paths: Repository.dkimKeyFiles))
        // Apple's example restaurant is at example.com, no booking sender the tool knows: named here.
        importer.senders.policy.knownSenders.named = ["example.com"]
        let result = importer.read(names.reversed().map { .file(Self.fixture($0)) })
        #expect(result.diagnostics.isEmpty)
        #expect(result.reservations.count == 1)
        let reservation = try #require(result.reservations.first?.reservation)
        #expect(reservation.status == status)
        guard case .restaurant(let table) = reservation.details else { Issue.record("restaurant"); return }
        #expect(table.startTime == (try DateTimeValue(iso8601: start)))
        #expect(table.partySize == 2)
        #expect(table.place?.address?.street == "369 The Embarcadero")
    }

    @Test("reservations wrapped in other objects are found; events listed inside them are not bookings")
    func wrapped() throws {
        let result = Self.read(json: """
            {"@context": "https://schema.org", "@type": "WebPage", "mainEntity": {"@type": "Order", "orderedItem": [
              {"@type": "TrainReservation", "reservationNumber": "T-9", "reservationFor": {"@type": "TrainTrip", "trainNumber": "402",
               "trainCompany": {"@type": "Organization", "name": "VR"}, "departureTime": "2030-07-01T09:00:00+03:00"}}]},
             "about": {"@type": "Event", "name": "Not a booking", "startDate": "2030-07-01"}}
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.reservations.map(\.reservation.category) == [.train])
        #expect(result.reservations.first?.reservation.provider == Organization(name: "VR"))
        #expect(result.reservations.first?.origin?.path == "mainEntity.orderedItem[0]")
    }

    @Test("a cut-off array keeps the elements before the break, and says where it broke")
    func truncatedArray() {
        let element = """
            {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation", "reservationId": "R%d",
             "startTime": "2030-06-26T19:30:00-07:00", "reservationFor": {"@type": "Restaurant", "name": "EPIC Steak"}}
            """
        let json = "[\n" + (1...3).map { element.replacingOccurrences(of: "%d", with: String($0)) }.joined(separator: ",\n")
        let result = Self.read(json: String(json.dropLast(30)))
        #expect(result.reservations.map(\.reservation.reservationNumber) == ["R1", "R2"])
        #expect(result.diagnostics.map(\.description) == [
            "page.jsonld: not valid JSON-LD: this string is not closed before the end of the file; the 2 elements before it were read (line 7, column 72)"
        ])
    }

    @Test("the flat graph: each object's own types, names merged in first-appearance order, paths rebuilt on demand")
    func graph() throws {
        let json = """
            {"@graph": [
              {"@type": ["http://schema.org/FlightReservation", "schema:Trip"], "b": 1, "http://schema.org/a": {"@type": "Airport", "name": "X"}, "b": [2, [3, 4]], "a": "y"},
              {"@type": "Thing", "odd key": {"@type": "Inner"}}
            ], "@type": "WebPage"}
            """
        let source = Array(json.utf8)
        var (root, builder) = try JSONParser.parse(source, into: SchemaGraphBuilder(source: source), lenient: true)
        builder.addJSONLDRoot(root, path: "script[1]")
        let graph = builder.build()
        let roots = graph.roots.map { SchemaObject(graph: graph, index: $0) }
        #expect(roots.map(\.typeNames) == [["FlightReservation", "Trip"], ["Thing"], ["WebPage"]])
        let flight = roots[0]
        #expect(flight.propertyNames == ["b", "a"])
        #expect(Array(roots[0].typeTerms) == [.flightReservation, nil])
        #expect(roots[0].isA(.flightReservation) && !roots[2].isA(.flightReservation))
        #expect(flight.values(named: "b").map(\.text) == ["1", "2", "3", "4"])
        #expect(flight.values(named: "b").map(\.place.path) == [
            "script[1].@graph[0].b", "script[1].@graph[0].b[0]", "script[1].@graph[0].b[1]", "script[1].@graph[0].b[1]",
        ])
        let airport = try #require(flight.values(named: "a").first?.object)
        #expect(airport.typeNames == ["Airport"])
        #expect(airport.place.path == "script[1].@graph[0][\"http://schema.org/a\"]")
        #expect(flight.values(named: "a").compactMap(\.text) == ["X", "y"])
        #expect(flight.allValues.count == 6)
        #expect(roots[1].values(named: "odd key").first?.object?.place.path == "script[1].@graph[1][\"odd key\"]")
        #expect(flight.values(named: "missing").isEmpty)
    }

    @Test("an object's repeated names are grouped the same whether it has few properties or many", arguments: [3, 15, 16, 17, 40])
    func groupingBySize(count: Int) throws {
        // Known terms and unknown names, repeated and interleaved.
        let names = ["name", "odd", "description", "odd", "name", "url", "x-y", "description"]
        let keys = (0..<count).map { names[$0 % names.count] }
        let members = keys.enumerated().map { "\"\($0.element)\": \"v\($0.offset)\"" }.joined(separator: ", ")
        let source = Array("{\"@type\": \"Thing\", \(members)}".utf8)
        var (root, builder) = try JSONParser.parse(source, into: SchemaGraphBuilder(source: source), lenient: true)
        builder.addJSONLDRoot(root, path: "")
        let graph = builder.build()
        defer { withExtendedLifetime(graph) {} }
        let object = SchemaObject(graph: graph, index: try #require(graph.roots.first))
        var order: [String] = []
        for key in keys where !order.contains(key) { order.append(key) }
        #expect(object.propertyNames == order)
        for key in order {
            let expected = keys.indices.filter { keys[$0] == key }.map { "v\($0)" }
            #expect(object.values(named: key).map(\.text) == expected, "\(key)")
        }
    }
}
