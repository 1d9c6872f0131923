import Chrono
import EventModel
import Reservations
import Testing

@testable import EventSynthesis

@Suite("Per-category rules, on the bundled examples")
struct CategoryRulesTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        var summary: String
        var start: String
        var end: String
        var location: String?
        var transparency: Transparency = .opaque
        var testDescription: String { file }
    }

    static let expectations: [Expectation] = [
        .init(
            file: "1-restaurant-epic-steak.json", summary: "Restaurant · EPIC Steak (2 people)",
            start: "2030-06-14T19:30:00[America/Los_Angeles]", end: "2030-06-14T21:30:00[America/Los_Angeles]",
            location: "EPIC Steak, 369 The Embarcadero, 94105 San Francisco, CA, USA"),
        .init(
            file: "2-flight-sfo-hel.json", summary: "Flight AY 20 · SFO → HEL",
            start: "2030-06-15T17:55:00[America/Los_Angeles]", end: "2030-06-16T14:05:00[Europe/Helsinki]",
            location: "San Francisco International Airport (SFO), San Francisco, United States"),
        .init(
            file: "3-lodging-glo-hotel-sello.json", summary: "Hotel · Glo Hotel Sello", start: "2030-06-16",
            end: "2030-06-19", location: "Glo Hotel Sello, Leppävaarankatu 1, 02600 Espoo, Finland",
            transparency: .transparent),
        .init(
            file: "4-ticketed-event-concert.json", summary: "Helsinki Philharmonic: Sibelius, Symphony No. 2",
            start: "2030-06-17T19:00:00[Europe/Helsinki]", end: "2030-06-17T21:00:00[Europe/Helsinki]",
            location: "Helsinki Music Centre, Mannerheimintie 13 A, 00100 Helsinki, Finland"),
        .init(
            file: "5-boat-helsinki-stockholm.json", summary: "Boat Silja Serenade · Olympia Terminal → Värtahamnen",
            start: "2030-06-18T17:00:00[Europe/Helsinki]", end: "2030-06-19T09:30:00[Europe/Stockholm]",
            location: "Olympia Terminal, Olympiaranta 1, Helsinki, Finland"),
        .init(
            file: "6-bus-stockholm-oslo.json", summary: "Bus FlixBus N1052 · Stockholm Cityterminalen → Oslo Bussterminal",
            start: "2030-06-19T11:30:00[Europe/Stockholm]", end: "2030-06-19T19:15:00[Europe/Oslo]",
            location: "Stockholm Cityterminalen, Stockholm, Sweden"),
        .init(
            file: "7-train-oslo-bergen.json", summary: "Train Bergensbanen 61 · Oslo S → Bergen stasjon",
            start: "2030-06-20T08:25:00[Europe/Oslo]", end: "2030-06-20T15:20:00[Europe/Oslo]",
            location: "Oslo S, Jernbanetorget 1, Oslo, Norway"),
        .init(
            file: "8-rental-car-bergen.json", summary: "Rental car · Hertz",
            start: "2030-06-20T16:30:00[Europe/Oslo]", end: "2030-06-23T10:00:00[Europe/Oslo]",
            location: "Hertz, Bergen Airport Flesland, Flyplassvegen 555, 5258 Bergen, Norway", transparency: .transparent),
    ]

    @Test("title, start, end, location and transparency", arguments: expectations)
    func example(expected: Expectation) throws {
        let result = EventSynthesizer().synthesize(try Fixtures.example(expected.file))
        #expect(result.diagnostics.isEmpty)
        let event = try #require(result.event)
        #expect(event.summary == expected.summary)
        #expect(event.start.description == expected.start)
        #expect(event.end?.description == expected.end)
        #expect(event.location == expected.location)
        #expect(event.transparency == expected.transparency)
        #expect(event.status == .confirmed)
        #expect(event.url != nil || expected.file.contains("bus"))
    }

    @Test("notes carry every detail, labelled")
    func flightNotes() throws {
        let event = try #require(EventSynthesizer().synthesize(try Fixtures.example("2-flight-sfo-hel.json")).event)
        #expect(event.notes == """
            Reservation number: K7P2QX
            Booked under: John Appleseed
            Airline: Finnair · AY
            Departure: San Francisco International Airport (SFO), Sat, Jun 15, 2030 at 5:55\u{202F}PM (America/Los_Angeles)
            Terminal: International A
            Gate: A5
            Boarding: 5:05\u{202F}PM
            Arrival: Helsinki Airport (HEL), Sun, Jun 16, 2030 at 2:05\u{202F}PM (Europe/Helsinki)
            Arrival terminal: 2
            Seat: 23A · Economy
            Online check-in: opens Fri, Jun 14, 2030 at 5:55\u{202F}PM (America/Los_Angeles), closes Sat, Jun 15, 2030 at 4:55\u{202F}PM (America/Los_Angeles), https://airline.example.com/check-in/K7P2QX
            Booking: https://airline.example.com/manage/K7P2QX
            """)
        #expect(event.categories == ["Flight"])
    }

    @Test("check-in opening and boarding become reminders at their instants")
    func reminders() throws {
        let event = try #require(EventSynthesizer().synthesize(try Fixtures.example("2-flight-sfo-hel.json")).event)
        #expect(event.alarms.map(\.trigger) == [
            .at(Fixtures.time("2030-06-14T17:55:00-07:00").localDateTime!.instant(at: UTCOffset(hours: -7)!)),
            .at(Fixtures.time("2030-06-15T17:05:00-07:00").localDateTime!.instant(at: UTCOffset(hours: -7)!)),
        ])
        #expect(event.alarms.first?.url == "https://airline.example.com/check-in/K7P2QX")
        #expect(event.alarms.last?.message == "Boarding: Flight AY 20 · SFO → HEL")
    }

    @Test("GEO and the structured location appear only with known coordinates")
    func coordinates() throws {
        let hotel = try #require(EventSynthesizer().synthesize(try Fixtures.example("3-lodging-glo-hotel-sello.json")).event)
        #expect(hotel.geo == GeoCoordinate(latitude: 60.2179, longitude: 24.8107))
        #expect(hotel.structuredLocation?.title == "Glo Hotel Sello")
        #expect(hotel.structuredLocation?.address == "Leppävaarankatu 1, 02600 Espoo, Finland")

        let unknown = try Fixtures.reservation(
            #"{"type": "restaurant", "startTime": "2030-06-14T19:30:00Z", "place": {"name": "X", "coordinates": {"latitude": 0, "longitude": 0}}}"#)
        let event = try #require(EventSynthesizer().synthesize(unknown).event)
        #expect(event.geo == nil)
        #expect(event.structuredLocation == nil)
    }
}

@Suite("Travel time")
struct TravelTimeTests {
    @Test("asked for, it goes on what one goes to at a time (a flight, a boat, a bus, a train, a table, a show); not on a stay, a rental, a whole day or a booking that is off")
    func travelTime() throws {
        let synthesizer = EventSynthesizer(options: SynthesisOptions(travelTime: 2_700))
        var given: [String: Int?] = [:]
        for file in CategoryRulesTests.expectations.map(\.file) {
            given[file] = try #require(synthesizer.synthesize(try Fixtures.example(file)).event).travelTime
        }
        #expect(
            given == [
                "1-restaurant-epic-steak.json": 2_700, "2-flight-sfo-hel.json": 2_700, "3-lodging-glo-hotel-sello.json": nil,
                "4-ticketed-event-concert.json": 2_700, "5-boat-helsinki-stockholm.json": 2_700, "6-bus-stockholm-oslo.json": 2_700,
                "7-train-oslo-bergen.json": 2_700, "8-rental-car-bergen.json": nil,
            ])
        var cancelled = try Fixtures.example("2-flight-sfo-hel.json")
        cancelled.status = .cancelled
        #expect(try #require(synthesizer.synthesize(cancelled).event).travelTime == nil)
        // Not asked for (the default): none.
        #expect(try #require(EventSynthesizer().synthesize(try Fixtures.example("1-restaurant-epic-steak.json")).event).travelTime == nil)
    }
}

@Suite("Views of a booking")
struct FeedViewTests {
    @Test("each view's UID is its own and stable; a cancelled booking in the busy view says so in its title, in the feed's language or the person's word")
    func views() throws {
        let flight = try Fixtures.example("2-flight-sfo-hel.json")
        func event(_ options: SynthesisOptions, _ reservation: Reservation) throws -> CalendarEvent {
            try #require(EventSynthesizer(options: options).synthesize(reservation).event)
        }
        let full = try event(SynthesisOptions(), flight)
        let shared = try event(SynthesisOptions(view: .shared), flight)
        let busy = try event(SynthesisOptions(view: .busy), flight)
        #expect(Set([full.uid, shared.uid, busy.uid]).count == 3)
        #expect(try event(SynthesisOptions(view: .shared), flight).uid == shared.uid)
        #expect(shared.url == nil && shared.alarms.allSatisfy { $0.url == nil } && shared.summary == full.summary && shared.location == full.location)
        var cancelled = flight
        cancelled.status = .cancelled
        #expect(try event(SynthesisOptions(view: .busy), cancelled).summary == "Cancelled: Busy")
        #expect(try event(SynthesisOptions(locale: try #require(SynthesisLocale(tag: "de")), view: .busy), flight).summary == "Beschäftigt")
        #expect(try event(SynthesisOptions(view: .busy, busyTitle: "Away"), flight).summary == "Away")
        #expect(try event(SynthesisOptions(view: .busy, busyTitle: "Away"), cancelled).status == .cancelled)
        // Busy times are the same instants, in UTC: a time zone says where the person is.
        #expect(busy.start.timeZone == nil && busy.end?.timeZone == nil)
        #expect(busy.start.instant == full.start.instant && busy.end?.instant == full.end?.instant)
        #expect(busy.start.description.hasSuffix("Z"))
        // A rental car's description is the vendor's free text ("Driver: …"): full view only.
        var rental = try Fixtures.example("8-rental-car-bergen.json")
        guard case .rentalCar(var hire) = rental.details else {
            Issue.record("the example is no rental")
            return
        }
        hire.car = RentalCar(make: "Volvo", model: "XC40", description: "Driver: Ada Lovelace, licence 123456")
        rental.details = .rentalCar(hire)
        #expect(try event(SynthesisOptions(), rental).notes?.contains("Driver: Ada Lovelace") == true)
        let sharedRental = try event(SynthesisOptions(view: .shared), rental)
        #expect(sharedRental.notes?.contains("Volvo XC40") == true && sharedRental.notes?.contains("Ada") == false, "\(sharedRental.notes ?? "")")
    }
}
