/// The details of a train, bus or boat reservation (`INTrainTrip`, `INBusTrip`, `INBoatTrip`).
///
/// The operator is the reservation's ``Reservation/provider``.
public struct TransitTrip: Sendable, Hashable, Codable {
    /// The service or vessel name (`ICE`, `FlixBus`, `Silja Serenade`).
    public var vehicleName: String?
    /// The train, line or sailing number (`1543`).
    public var vehicleNumber: String?
    /// Where and when the trip starts.
    public var departure: TransitStop?
    /// Where and when it ends.
    public var arrival: TransitStop?
    /// The reserved seat, berth or cabin; a train's coach is its section.
    public var seat: Seat?

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case vehicleName, vehicleNumber, departure, arrival, seat
    }

    /// Creates trip details.
    public init(
        vehicleName: String? = nil, vehicleNumber: String? = nil, departure: TransitStop? = nil,
        arrival: TransitStop? = nil, seat: Seat? = nil
    ) {
        self.vehicleName = vehicleName
        self.vehicleNumber = vehicleNumber
        self.departure = departure
        self.arrival = arrival
        self.seat = seat
    }
}
