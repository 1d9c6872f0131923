import Airports
import Diagnostics
import Foundation
import Geography
import Reservations

extension ReservationSynthesis {
    mutating func flightDraft(_ flight: Flight) -> EventDraft? {
        guard let departureTime = flight.departure?.time else { return nil }
        let departureAirport = flight.departure?.airport
        let arrivalAirport = flight.arrival?.airport
        let departurePlace = Whereabouts(airport: departureAirport, times: [departureTime, flight.boardingTime])
        let arrivalPlace = Whereabouts(airport: arrivalAirport, times: [flight.arrival?.time])
        checkAirport(departureAirport, departurePlace, codes: (.departureAirportIATACode, .departureAirportICAOCode))
        checkAirport(arrivalAirport, arrivalPlace, codes: (.arrivalAirportIATACode, .arrivalAirportICAOCode))

        var start = resolve(departureTime, field: .departureTime, at: departurePlace)
        var end = resolve(flight.arrival?.time, field: .arrivalTime, at: arrivalPlace)
        let boarding = resolve(flight.boardingTime, field: .boardingTime, at: departurePlace)
        if departureTime.isDateOnly, let boarding, !boarding.given.isDateOnly, boarding.given.date == departureTime.date {
            // The day of departure and the time of boarding (Lufthansa's boarding passes): the
            // flight is in the calendar from boarding on.
            messages.append(
                Diagnostic(
                    .warning, .dateWithoutTime, field: .departureTime,
                    "\(departureTime) is a date without a time of day; the event starts at boarding, \(boarding.given)"))
            start = boarding
        }
        (start, end) = onOneClock(start, end)

        var length = options.defaultDurations.flight
        if let from = departurePlace.coordinates, let to = arrivalPlace.coordinates {
            let distance = GreatCircle.kilometres(from.latitude, from.longitude, to.latitude, to.longitude)
            length = options.defaultDurations.flight(kilometres: distance)
        }
        let route = route(from: code(departureAirport, departurePlace), to: code(arrivalAirport, arrivalPlace))
        var draft = EventDraft(
            label: words.flight,
            detail: Text.join([flight.designator, route.map { "· \($0)" }], separator: " "),
            notes: noteLines(), place: departureAirport.map { airportPlace($0, departurePlace) }, startPlace: departurePlace,
            start: start, end: end, defaultLength: .seconds(length))

        (draft.endPlace, draft.startDetail, draft.endDetail) = (arrivalPlace, flight.departure?.terminal, flight.arrival?.terminal)
        draft.notes.add(words.airline, Text.join([flight.airline?.name, flight.airline?.iataCode], separator: " · "))
        draft.notes.add(words.flightDeparture, stop(departureAirport.flatMap { name($0, departurePlace) }, start))
        draft.notes.add(words.terminal, flight.departure?.terminal)
        draft.notes.add(words.gate, flight.departure?.gate)
        draft.notes.add(words.boarding, boarding.map { formatter.text($0.event, besides: start.event) })
        draft.notes.add(words.flightArrival, stop(arrivalAirport.flatMap { name($0, arrivalPlace) }, end))
        draft.notes.add(words.arrivalTerminal, flight.arrival?.terminal)
        draft.notes.add(words.arrivalGate, flight.arrival?.gate)
        draft.notes.addPersonal(words.seat, seatText(flight.seat))
        if let boarding {
            draft.reminders.append((boarding, words.boardingReminder(draft.title), nil))
        }
        return draft
    }

    /// `SFO`: the IATA code, else the ICAO code, else the name.
    private func code(_ airport: Airport?, _ place: Whereabouts) -> String? {
        Text.clean(airport?.iataCode) ?? Text.clean(airport?.icaoCode) ?? place.airport?.iataCode ?? Text.clean(airport?.name)
    }

    /// `San Francisco International Airport (SFO)`: the name given, else the table's, with the code.
    private func name(_ airport: Airport, _ place: Whereabouts) -> String? {
        let code = Text.clean(airport.iataCode) ?? Text.clean(airport.icaoCode) ?? place.airport?.iataCode
        guard let name = Text.clean(airport.name) ?? place.airport?.name else { return code }
        return code.map { "\(name) (\($0))" } ?? name
    }

    /// The departure airport as the place to go: the address and position given, else the
    /// airport table's city, country and position.
    private func airportPlace(_ airport: Airport, _ place: Whereabouts) -> PlaceDescription {
        var address = airport.address
        if address?.isEmpty ?? true, let record = place.airport {
            address = PostalAddress(city: record.city, country: regionName(record.countryCode))
        }
        var description = PlaceDescription(
            name: name(airport, place), address: address, coordinates: nil, countryName: { regionName($0) })
        description.coordinates = place.coordinates.flatMap { Coordinates(latitude: $0.latitude, longitude: $0.longitude) }
        return description
    }
}
