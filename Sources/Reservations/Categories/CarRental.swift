/// The details of a rental car reservation (`INRentalCarReservation`).
public struct CarRental: Sendable, Hashable, Codable {
    /// The rental company (`Hertz`); the reservation's provider stands in when this is absent.
    public var company: Organization?
    /// The car.
    public var car: RentalCar?
    /// Where and when the car is picked up.
    public var pickUp: RentalHandover?
    /// Where and when the car is returned.
    public var dropOff: RentalHandover?

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case company, car, pickUp, dropOff
    }

    /// Creates rental car details.
    public init(company: Organization? = nil, car: RentalCar? = nil, pickUp: RentalHandover? = nil, dropOff: RentalHandover? = nil) {
        self.company = company
        self.car = car
        self.pickUp = pickUp
        self.dropOff = dropOff
    }
}
