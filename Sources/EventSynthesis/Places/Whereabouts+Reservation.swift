import Reservations

extension Whereabouts {
    /// Every place a reservation names (a flight's two airports, a rental's two desks, a trip's
    /// two stops, a hotel, a restaurant, a venue), as evidence for the places of the other
    /// reservations of its document.
    static func places(of reservation: Reservation) -> [Whereabouts] {
        switch reservation.details {
        case .flight(let flight): [flight.departure?.airport, flight.arrival?.airport].compactMap { $0 }.map { Whereabouts(airport: $0) }
        case .lodging(let stay): [Whereabouts(place: stay.place)]
        case .rentalCar(let rental): [rental.pickUp?.place, rental.dropOff?.place].compactMap { $0 }.map { Whereabouts(place: $0, stop: true) }
        case .restaurant(let table): [Whereabouts(place: table.place)]
        case .ticketedEvent(let event): [Whereabouts(place: event.venue)]
        case .train(let trip), .bus(let trip), .boat(let trip):
            [trip.departure?.place, trip.arrival?.place].compactMap { $0 }.map { Whereabouts(place: $0, stop: true) }
        }
    }
}
