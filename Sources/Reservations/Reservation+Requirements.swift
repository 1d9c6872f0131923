extension Reservation {
    /// What the reservation lacks to become a calendar event.
    ///
    /// An event needs a start, so each category requires the time it starts at:
    ///
    /// | category | required |
    /// |---|---|
    /// | flight, train, bus, boat | `departure.time` |
    /// | lodging | `checkInTime` |
    /// | rental car | `pickUp.time` |
    /// | restaurant, ticketed event | `startTime` |
    ///
    /// Everything else is optional: titles, notes and places degrade to what is known, and a
    /// missing end gets the category's default length.
    ///
    /// - Returns: An empty array when the reservation is complete enough.
    public var requirementProblems: [ReservationProblem] {
        switch details {
        case .flight(let flight):
            flight.departure?.time == nil
                ? [ReservationProblem(field: "departure.time", message: "a flight needs a departure time")] : []
        case .lodging(let stay):
            stay.checkInTime == nil
                ? [ReservationProblem(field: "checkInTime", message: "a stay needs a check-in date or time")] : []
        case .rentalCar(let rental):
            rental.pickUp?.time == nil
                ? [ReservationProblem(field: "pickUp.time", message: "a car rental needs a pick-up time")] : []
        case .restaurant(let table):
            table.startTime == nil
                ? [ReservationProblem(field: "startTime", message: "a restaurant reservation needs a start time")] : []
        case .ticketedEvent(let event):
            event.startTime == nil
                ? [ReservationProblem(field: "startTime", message: "a ticketed event needs a start time")] : []
        case .train(let trip), .bus(let trip), .boat(let trip):
            trip.departure?.time == nil
                ? [ReservationProblem(field: "departure.time", message: "a \(category.rawValue) trip needs a departure time")]
                : []
        }
    }
}
