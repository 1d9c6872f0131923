/// The eight kinds of reservation Siri Event Suggestions knows, by their native JSON name.
public enum ReservationCategory: String, Sendable, Hashable, CaseIterable, Codable {
    /// A flight, from one airport to another (`INFlightReservation`, schema.org `FlightReservation`).
    case flight
    /// A stay at a hotel or other lodging (`INLodgingReservation`, `LodgingReservation`).
    case lodging
    /// A rental car, from pick-up to drop-off (`INRentalCarReservation`, `RentalCarReservation`).
    case rentalCar
    /// A table at a restaurant (`INRestaurantReservation`, `FoodEstablishmentReservation`).
    case restaurant
    /// A ticket for a show, a match, a concert or a film (`INTicketedEventReservation`, `EventReservation`).
    case ticketedEvent
    /// A train trip booked for a specific time (`INTrainReservation`, `TrainReservation`).
    case train
    /// A bus or coach trip booked for a specific time (`INBusReservation`, `BusReservation`).
    case bus
    /// A ferry or boat trip booked for a specific time (`INBoatReservation`, `BoatReservation`).
    case boat

    /// Whether a booking of this kind happens at a time of day (a departure, a table, a pick-up),
    /// so that a date alone is missing something; a stay or a ticket may well be for whole days.
    public var expectsTimeOfDay: Bool {
        switch self {
        case .flight, .train, .bus, .boat, .restaurant, .rentalCar: true
        case .lodging, .ticketedEvent: false
        }
    }

    public init(from decoder: any Decoder) throws {
        try self.init(decodingNameFrom: decoder, noun: "reservation type")
    }
}
