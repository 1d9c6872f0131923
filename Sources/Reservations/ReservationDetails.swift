/// What is booked: the category of a reservation with the details that belong to it.
///
/// The details are kept out of line (the enum is `indirect`), so a reservation is small to copy
/// whatever its category.
public indirect enum ReservationDetails: Sendable, Hashable {
    /// A flight.
    case flight(Flight)
    /// A hotel or other lodging.
    case lodging(LodgingStay)
    /// A rental car.
    case rentalCar(CarRental)
    /// A restaurant table.
    case restaurant(RestaurantTable)
    /// A ticket for an event or a film.
    case ticketedEvent(TicketedEvent)
    /// A train trip.
    case train(TransitTrip)
    /// A bus trip.
    case bus(TransitTrip)
    /// A boat trip.
    case boat(TransitTrip)

    /// The category these details belong to.
    public var category: ReservationCategory {
        switch self {
        case .flight: .flight
        case .lodging: .lodging
        case .rentalCar: .rentalCar
        case .restaurant: .restaurant
        case .ticketedEvent: .ticketedEvent
        case .train: .train
        case .bus: .bus
        case .boat: .boat
        }
    }

    /// Decodes the details of `category` from the same JSON object as the common fields.
    init(category: ReservationCategory, from decoder: any Decoder) throws {
        switch category {
        case .flight: self = .flight(try Flight(from: decoder))
        case .lodging: self = .lodging(try LodgingStay(from: decoder))
        case .rentalCar: self = .rentalCar(try CarRental(from: decoder))
        case .restaurant: self = .restaurant(try RestaurantTable(from: decoder))
        case .ticketedEvent: self = .ticketedEvent(try TicketedEvent(from: decoder))
        case .train: self = .train(try TransitTrip(from: decoder))
        case .bus: self = .bus(try TransitTrip(from: decoder))
        case .boat: self = .boat(try TransitTrip(from: decoder))
        }
    }

    /// Encodes the details into the same JSON object as the common fields.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .flight(let details): try details.encode(to: encoder)
        case .lodging(let details): try details.encode(to: encoder)
        case .rentalCar(let details): try details.encode(to: encoder)
        case .restaurant(let details): try details.encode(to: encoder)
        case .ticketedEvent(let details): try details.encode(to: encoder)
        case .train(let details), .bus(let details), .boat(let details): try details.encode(to: encoder)
        }
    }
}
