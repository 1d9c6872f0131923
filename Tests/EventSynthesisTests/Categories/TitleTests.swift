import EventModel
import Reservations
import Testing

@testable import EventSynthesis

@Suite("Titles degrade to what is known")
struct TitleTests {
    @Test("no missing-value artefacts", arguments: [
        (#"{"type": "flight", "departure": {"time": "2030-06-15T17:55Z"}}"#, "Flight"),
        (#"{"type": "flight", "flightNumber": "AY020", "airline": {"iataCode": "AY"}, "departure": {"time": "2030-06-15T17:55Z"}}"#, "Flight AY 20"),
        (#"{"type": "flight", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55Z"}, "arrival": {"airport": {"name": "Nowhere Strip"}}}"#, "Flight · SFO → Nowhere Strip"),
        // A name only one airport of the table fits is that airport.
        (#"{"type": "flight", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55Z"}, "arrival": {"airport": {"name": "Helsinki"}}}"#, "Flight · SFO → HEL"),
        (#"{"type": "flight", "flightNumber": "110", "airline": {"name": "United"}, "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55Z"}}"#, "Flight 110 · from SFO"),
        (#"{"type": "flight", "flightNumber": " ", "departure": {"time": "2030-06-15T17:55Z"}, "arrival": {"airport": {"iataCode": "JFK"}}}"#, "Flight · to JFK"),
        (#"{"type": "lodging", "checkInTime": "2030-06-16", "place": {"name": "  "}}"#, "Hotel"),
        (#"{"type": "rentalCar", "provider": "Hertz", "pickUp": {"time": "2030-06-16T10:00Z"}}"#, "Rental car · Hertz"),
        (#"{"type": "rentalCar", "pickUp": {"time": "2030-06-16T10:00Z"}}"#, "Rental car"),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:00Z", "partySize": 1}"#, "Restaurant (1 person)"),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:00Z", "place": {"name": "EPIC Steak"}}"#, "Restaurant · EPIC Steak"),
        (#"{"type": "ticketedEvent", "startTime": "2030-06-16T19:00Z"}"#, "Event"),
        (#"{"type": "ticketedEvent", "kind": "movie", "name": "Inception", "startTime": "2030-06-16T19:00Z"}"#, "Movie · Inception"),
        (#"{"type": "ticketedEvent", "kind": "movie", "startTime": "2030-06-16T19:00Z"}"#, "Movie"),
        (#"{"type": "train", "vehicleName": "ICE", "vehicleNumber": "ICE 1543", "departure": {"place": {"name": "Berlin Hbf"}, "time": "2030-06-16T08:00Z"}, "arrival": {"place": {"name": "Hamburg Hbf"}}}"#, "Train ICE 1543 · Berlin Hbf → Hamburg Hbf"),
        (#"{"type": "train", "vehicleName": "ICE", "vehicleNumber": "1543", "departure": {"time": "2030-06-16T08:00Z"}}"#, "Train ICE 1543"),
        (#"{"type": "bus", "departure": {"time": "2030-06-16T08:00Z"}, "arrival": {"place": {"name": "Oslo"}}}"#, "Bus · to Oslo"),
        (#"{"type": "boat", "departure": {"time": "2030-06-16T08:00Z"}}"#, "Boat"),
    ])
    func titles(json: String, title: String) throws {
        #expect(EventSynthesizer().synthesize(try Fixtures.reservation(json)).event?.summary == title)
    }

    @Test("a cancelled booking says so in the title, the status and the transparency")
    func cancelled() throws {
        var reservation = try Fixtures.example("1-restaurant-epic-steak.json")
        reservation.status = .cancelled
        let event = try #require(EventSynthesizer().synthesize(reservation).event)
        #expect(event.summary == "Cancelled: Restaurant · EPIC Steak (2 people)")
        #expect(event.status == .cancelled)
        #expect(event.transparency == .transparent)
    }

    @Test("pending and held bookings are tentative; unknown writes no status", arguments: [
        (ReservationStatus.pending, EventStatus?.some(.tentative)), (.hold, .tentative), (.unknown, nil), (.confirmed, .confirmed),
    ])
    func statuses(status: ReservationStatus, expected: EventStatus?) throws {
        var reservation = try Fixtures.example("1-restaurant-epic-steak.json")
        reservation.status = status
        #expect(EventSynthesizer().synthesize(reservation).event?.status == expected)
    }
}
