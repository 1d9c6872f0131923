import Diagnostics

extension Reservation {
    /// What the reservation lacks to become a calendar event: an error with code
    /// ``Diagnostics/DiagnosticCode/missingRequired`` naming the field, for each thing missing.
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
    /// missing end gets the category's default length. The diagnostics have no origin: whoever
    /// read the reservation knows where it was, and says what becomes of it.
    ///
    /// - Returns: An empty array when the reservation is complete enough.
    public var requirementProblems: [Diagnostic] {
        func missing(_ field: FieldPath, _ message: DiagnosticMessage) -> [Diagnostic] {
            [Diagnostic(.error, .missingRequired, field: field, message)]
        }
        switch details {
        case .flight(let flight):
            return flight.departure?.time == nil ? missing(.departureTime, "a flight needs a departure time") : []
        case .lodging(let stay):
            return stay.checkInTime == nil ? missing(.checkInTime, "a stay needs a check-in date or time") : []
        case .rentalCar(let rental):
            return rental.pickUp?.time == nil ? missing(.pickUpTime, "a car rental needs a pick-up time") : []
        case .restaurant(let table):
            return table.startTime == nil ? missing(.startTime, "a restaurant reservation needs a start time") : []
        case .ticketedEvent(let event):
            return event.startTime == nil ? missing(.startTime, "a ticketed event needs a start time") : []
        case .train(let trip), .bus(let trip), .boat(let trip):
            return trip.departure?.time == nil ? missing(.departureTime, "a \(category.rawValue) trip needs a departure time") : []
        }
    }
}

extension DiagnosticCode {
    /// A reservation lacks what its category needs to become an event (a restaurant's start time).
    public static let missingRequired = DiagnosticCode(rawValue: "missing-required")
}
