import Chrono
import Reservations

extension SchemaOrgMapper {
    /// `FlightReservation` for a `Flight`. The day of departure alone (KDE's `departureDay`, all
    /// a boarding pass's barcode says) stands for the departure time when there is none.
    mutating func flight(_ flight: SchemaObject?, reservation: SchemaObject) -> Flight {
        var airline = object(flight, .airline).map { Airline(name: text($0, .name), iataCode: code(text($0, .iataCode), .iataAirline), icaoCode: code(text($0, .icaoCode), .icaoAirline)) }
        if airline == nil, let provider = organization(flight, .provider, .seller) ?? organization(reservation, .provider) {
            airline = Airline(name: provider.name)
        }
        // The ends are methods rather than a local function, as in `transit`; each part is read
        // in the order of the fields, which is the order of what the reading reports.
        let flightNumber = text(flight, .flightNumber)
        let departure = airportVisit(flight, .departureAirport, .departureTerminal, .departureGate, .departureTime)
        let arrival = airportVisit(flight, .arrivalAirport, .arrivalTerminal, .arrivalGate, .arrivalTime)
        return Flight(
            airline: airline, flightNumber: flightNumber, departure: departure, arrival: arrival,
            boardingTime: time(flight, .boardingTime) ?? time(reservation, .boardingTime), seat: seat(reservation))
    }

    /// One end of a flight, or `nil` when the flight says nothing of it.
    private mutating func airportVisit(
        _ flight: SchemaObject?, _ airport: SchemaTerm, _ terminal: SchemaTerm, _ gate: SchemaTerm, _ time: SchemaTerm
    ) -> AirportVisit? {
        let visit = AirportVisit(
            airport: self.airport(object(flight, airport)), terminal: text(flight, terminal), gate: text(flight, gate),
            time: time == .departureTime ? self.time(flight, time, .departureDay) : self.time(flight, time))
        return visit == AirportVisit() ? nil : visit
    }

    /// An airport; codes of the wrong shape are left out rather than failing the item.
    private func airport(_ object: SchemaObject?) -> Airport? {
        guard let object else { return nil }
        return Airport(
            name: text(object, .name), iataCode: code(text(object, .iataCode), .iataAirport),
            icaoCode: code(text(object, .icaoCode), .icaoAirport), address: address(object.values(.address).first),
            coordinates: coordinates(object))
    }

    private func code(_ text: String?, _ kind: AviationCode) -> String? {
        text.flatMap(kind.normalized)
    }

    /// `LodgingReservation` for a `LodgingBusiness` (or `Hotel`, ...).
    mutating func lodging(_ lodging: SchemaObject?, reservation: SchemaObject) -> LodgingStay {
        LodgingStay(
            place: place(lodging), checkInTime: time(reservation, .checkinTime, .checkinDate, .checkInTime),
            checkOutTime: time(reservation, .checkoutTime, .checkoutDate, .checkOutTime),
            numberOfAdults: integer(reservation, .numAdults), numberOfChildren: integer(reservation, .numChildren))
    }

    /// `RentalCarReservation` for a `Car`.
    mutating func rentalCar(_ car: SchemaObject?, reservation: SchemaObject) -> CarRental {
        let make = object(car, .brand, .manufacturer).flatMap { text($0, .name) } ?? text(car, .brand, .manufacturer)
        let vehicle = RentalCar(make: make, model: text(car, .model), type: text(car, .name, .vehicleConfiguration), description: text(car, .description))
        let company = object(car, .rentalCompany).map { Organization(name: text($0, .name), phone: text($0, .telephone)) }
            ?? organization(reservation, .provider)
        return CarRental(
            company: company, car: vehicle == RentalCar() ? nil : vehicle,
            pickUp: handover(place(object(reservation, .pickupLocation)), time(reservation, .pickupTime)),
            dropOff: handover(place(object(reservation, .dropoffLocation)), time(reservation, .dropoffTime)))
    }

    private func handover(_ place: Place?, _ time: DateTimeValue?) -> RentalHandover? {
        place == nil && time == nil ? nil : RentalHandover(place: place, time: time)
    }

    /// `FoodEstablishmentReservation`; Apple's sample puts `startDate` on the restaurant.
    mutating func restaurant(_ restaurant: SchemaObject?, reservation: SchemaObject) -> RestaurantTable {
        RestaurantTable(
            place: place(restaurant),
            startTime: time(reservation, .startTime, .startDate) ?? time(restaurant, .startDate, .startTime),
            endTime: time(reservation, .endTime, .endDate) ?? time(restaurant, .endDate, .endTime),
            partySize: integer(reservation, .partySize))
    }

    /// `EventReservation` for an `Event`, or a plain `Event`; films are `ScreeningEvent`s or events
    /// whose `workPresented` is a `Movie`.
    mutating func ticketedEvent(_ event: SchemaObject?, reservation: SchemaObject?) -> TicketedEvent {
        let isMovie = event?.isA(.screeningEvent) == true || object(event, .workPresented)?.isA(.movie) == true
        let venue = object(event, .location).flatMap(place) ?? text(event, .location).map { Place(name: $0) }
        let tickets = reservation?.values(.reservedTicket).compactMap(\.object).count ?? 0
        return TicketedEvent(
            name: text(event, .name) ?? text(object(event, .workPresented), .name), kind: isMovie ? .movie : .other, venue: venue,
            startTime: time(event, .startDate, .startTime) ?? time(reservation, .startTime, .startDate),
            endTime: time(event, .endDate, .endTime) ?? time(reservation, .endTime, .endDate), seat: seat(reservation),
            numberOfAttendees: integer(reservation, .numSeats) ?? (tickets > 1 ? tickets : nil))
    }

    /// `TrainReservation`, `BusReservation` and `BoatReservation` for their trips.
    mutating func transit(_ trip: SchemaObject?, reservation: SchemaObject, kind: ReservationCategory) -> TransitTrip {
        let terms = TransitTerms(kind)
        // The ends are methods rather than a local function: one that uses `self` works on a
        // copy of the mapper, with the document's evidence for its dates that every thread
        // shares. Each part is read in the order of the fields, the order of what is reported.
        let vehicleName = text(trip, terms.name, .name)
        let vehicleNumber = text(trip, terms.number, .tripNumber)
        let departure = transitStop(trip, terms.departure, .departurePlatform, .departureTime)
        let arrival = transitStop(trip, terms.arrival, .arrivalPlatform, .arrivalTime)
        return TransitTrip(vehicleName: vehicleName, vehicleNumber: vehicleNumber, departure: departure, arrival: arrival, seat: seat(reservation))
    }

    /// One end of a trip, or `nil` when the trip says nothing of it.
    private mutating func transitStop(_ trip: SchemaObject?, _ place: SchemaTerm, _ platform: SchemaTerm, _ time: SchemaTerm) -> TransitStop? {
        let when = time == .departureTime ? self.time(trip, time, .departureDay) : self.time(trip, time)
        let stop = TransitStop(place: self.place(object(trip, place)), platform: text(trip, platform), time: when)
        return stop == TransitStop() ? nil : stop
    }

    /// The operator of a trip: its `provider`, or the older `trainCompany`/`busCompany`/`boatCompany`.
    func transitProvider(_ trip: SchemaObject?, kind: ReservationCategory) -> Organization? {
        organization(trip, .provider, TransitTerms(kind).company)
    }

    /// The names a kind of trip uses for its stops, vehicle and operator.
    private struct TransitTerms {
        let departure: SchemaTerm, arrival: SchemaTerm, name: SchemaTerm, number: SchemaTerm, company: SchemaTerm

        init(_ kind: ReservationCategory) {
            switch kind {
            case .train:
                (departure, arrival, name, number, company) = (.departureStation, .arrivalStation, .trainName, .trainNumber, .trainCompany)
            case .bus:
                (departure, arrival, name, number, company) = (.departureBusStop, .arrivalBusStop, .busName, .busNumber, .busCompany)
            default:
                (departure, arrival, name, number, company) = (
                    .departureBoatTerminal, .arrivalBoatTerminal, .boatName, .boatNumber, .boatCompany
                )
            }
        }
    }
}
