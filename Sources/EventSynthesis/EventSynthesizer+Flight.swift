import Reservations

extension EventSynthesizer {
    func flightDraft(_ flight: Flight, _ reservation: Reservation) -> EventDraft? {
        guard let departure = flight.departure?.time else { return nil }
        let from = airportLabel(flight.departure?.airport)
        let to = airportLabel(flight.arrival?.airport)
        var draft = EventDraft(
            label: "Flight",
            detail: Text.join([EventIdentity.flightDesignator(flight), route(from: from, to: to).map { "· \($0)" }], separator: " "),
            start: .init(value: departure, field: "departure.time"),
            end: flight.arrival?.time.map { .init(value: $0, field: "arrival.time") },
            defaultLength: .seconds(options.defaultDurations.flight))
        if let airport = flight.departure?.airport {
            draft.place = PlaceDescription(
                name: airportName(airport), address: airport.address, coordinates: airport.coordinates)
        }
        draft.zoneHint = departure.timeZone
        draft.notes.add("Airline", Text.join([flight.airline?.name, flight.airline?.iataCode], separator: " · "))
        draft.notes.add("Departure", Text.join([flight.departure?.airport.flatMap(airportName), TimeText.describe(departure)], separator: ", "))
        draft.notes.add("Terminal", flight.departure?.terminal)
        draft.notes.add("Gate", flight.departure?.gate)
        draft.notes.add("Boarding", TimeText.describe(flight.boardingTime))
        draft.notes.add("Arrival", Text.join([flight.arrival?.airport.flatMap(airportName), TimeText.describe(flight.arrival?.time)], separator: ", "))
        draft.notes.add("Arrival terminal", flight.arrival?.terminal)
        draft.notes.add("Arrival gate", flight.arrival?.gate)
        draft.notes.add("Seat", seatText(flight.seat))
        if let boarding = flight.boardingTime {
            draft.reminders.append((.init(value: boarding, field: "boardingTime"), "Boarding: \(draft.title)", nil))
        }
        return draft
    }

    /// `SFO`, else the ICAO code, else the name.
    private func airportLabel(_ airport: Airport?) -> String? {
        Text.clean(airport?.iataCode) ?? Text.clean(airport?.icaoCode) ?? Text.clean(airport?.name)
    }

    /// `San Francisco International Airport (SFO)`, or the code alone.
    private func airportName(_ airport: Airport) -> String? {
        let code = Text.clean(airport.iataCode) ?? Text.clean(airport.icaoCode)
        guard let name = Text.clean(airport.name) else { return code }
        return code.map { "\(name) (\($0))" } ?? name
    }
}
