import Chrono
import Reservations

/// One reservation per category with every field set, for coding round trips.
enum SampleReservations {
    static func time(_ text: String) -> DateTimeValue {
        try! DateTimeValue(iso8601: text)
    }

    static let helsinki = Place(
        name: "Glo Hotel Sello",
        address: PostalAddress(
            street: "Leppävaarankatu 1", city: "Espoo", region: "Uusimaa", postalCode: "02600", country: "Finland",
            countryCode: "FI"),
        coordinates: Coordinates(latitude: 60.2179, longitude: 24.8107), phone: "+358 10 344 4500")

    static func common(_ details: ReservationDetails) -> Reservation {
        Reservation(
            details: details, itemReference: "item-1", reservationNumber: "ABC123", status: .confirmed,
            holderName: "John Appleseed", bookingTime: time("2030-03-18T21:40:00Z"), modifiedTime: time("2030-03-19T08:00:00Z"),
            url: "https://example.com/booking/ABC123",
            provider: Organization(name: "Provider", url: "https://provider.example", phone: "+1 555 0100", email: "help@provider.example"),
            broker: Organization(name: "Broker"),
            checkInAction: CheckInAction(
                validFrom: time("2030-06-14T17:55:00-07:00[America/Los_Angeles]"),
                validUntil: time("2030-06-15T16:55:00-07:00"), url: "https://example.com/check-in"))
    }

    static let all: [Reservation] = [
        common(.flight(Flight(
            airline: Airline(name: "Finnair", iataCode: "AY", icaoCode: "FIN"), flightNumber: "20",
            departure: AirportVisit(
                airport: Airport(name: "San Francisco International", iataCode: "SFO", icaoCode: "KSFO",
                                 address: PostalAddress(city: "San Francisco", countryCode: "US"),
                                 coordinates: Coordinates(latitude: 37.6188, longitude: -122.3758)),
                terminal: "International A", gate: "A5", time: time("2030-06-15T17:55:00-07:00[America/Los_Angeles]")),
            arrival: AirportVisit(airport: Airport(iataCode: "HEL"), terminal: "2", time: time("2030-06-16T14:05:00+03:00")),
            boardingTime: time("2030-06-15T17:05:00[America/Los_Angeles]"),
            seat: Seat(section: "Main cabin", row: "23", number: "23A", type: "Economy")))),
        common(.lodging(LodgingStay(
            place: helsinki, checkInTime: time("2030-06-16"), checkOutTime: time("2030-06-18T12:00:00[Europe/Helsinki]"),
            numberOfAdults: 2, numberOfChildren: 1))),
        common(.rentalCar(CarRental(
            company: Organization(name: "Hertz", phone: "+47 55 22 60 75"),
            car: RentalCar(make: "Volvo", model: "XC40", type: "Compact SUV", description: "or similar"),
            pickUp: RentalHandover(place: Place(name: "Bergen Airport"), time: time("2030-06-20T16:30:00+02:00[Europe/Oslo]")),
            dropOff: RentalHandover(place: Place(name: "Bergen Airport"), time: time("2030-06-23T10:00:00+02:00"))))),
        common(.restaurant(RestaurantTable(
            place: Place(name: "EPIC Steak", coordinates: Coordinates(latitude: 0, longitude: 0)),
            startTime: time("2030-06-14T19:30:00-07:00"), endTime: time("2030-06-14T21:30:00-07:00"), partySize: 2))),
        common(.ticketedEvent(TicketedEvent(
            name: "Inception", kind: .movie, venue: helsinki, startTime: time("2030-06-17T19:00:00[Europe/Helsinki]"),
            endTime: time("2030-06-17T21:28:00[Europe/Helsinki]"), seat: Seat(row: "F", number: "12"), numberOfAttendees: 2))),
        common(.train(TransitTrip(
            vehicleName: "ICE", vehicleNumber: "1543",
            departure: TransitStop(place: Place(name: "Berlin Hbf"), platform: "7", time: time("2030-06-20T08:25:00+02:00[Europe/Berlin]")),
            arrival: TransitStop(place: Place(name: "Hamburg Hbf"), platform: "13", time: time("2030-06-20T10:09:00+02:00[Europe/Berlin]")),
            seat: Seat(section: "Coach 9", number: "57")))),
        common(.bus(TransitTrip(
            vehicleName: "FlixBus", vehicleNumber: "N1052",
            departure: TransitStop(place: Place(name: "Stockholm Cityterminalen"), platform: "14", time: time("2030-06-19T11:30:00+02:00")),
            arrival: TransitStop(place: Place(name: "Oslo Bussterminal"), time: time("2030-06-19T19:15:00+02:00")),
            seat: Seat(number: "12C")))),
        common(.boat(TransitTrip(
            vehicleName: "Silja Serenade",
            departure: TransitStop(place: Place(name: "Olympia Terminal"), time: time("2030-06-18T17:00:00+03:00[Europe/Helsinki]")),
            arrival: TransitStop(place: Place(name: "Värtahamnen"), time: time("2030-06-19T09:30:00+02:00[Europe/Stockholm]")),
            seat: Seat(section: "Deck 9", number: "9215", type: "B2 cabin")))),
    ]
}
