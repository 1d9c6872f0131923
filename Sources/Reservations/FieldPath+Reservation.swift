import Diagnostics

/// The paths of the reservation fields that messages name, each defined once, from the coding
/// keys of the model's types: renaming a field in the model is a compile error here, not an old
/// path printed in silence. The requirements, synthesis, the native reader and the schema.org
/// mapper all name fields by these.
///
/// A path several categories share (a flight's and a train's `departure.time`) is made from
/// every one of them, and they must agree.
extension FieldPath {
    // MARK: Every reservation

    /// `itemReference`.
    public static let itemReference = FieldPath(Reservation.CodingKeys.itemReference)
    /// `checkInAction.validFrom`: when online check-in opens.
    public static let checkInOpens = FieldPath(Reservation.CodingKeys.checkInAction, CheckInAction.CodingKeys.validFrom)
    /// `checkInAction.validUntil`: when online check-in closes.
    public static let checkInCloses = FieldPath(Reservation.CodingKeys.checkInAction, CheckInAction.CodingKeys.validUntil)
    /// `url`: the page where the booking is seen or managed.
    public static let url = FieldPath(Reservation.CodingKeys.url)
    /// `checkInAction.url`: where online check-in is done.
    public static let checkInURL = FieldPath(Reservation.CodingKeys.checkInAction, CheckInAction.CodingKeys.url)

    // MARK: Restaurant tables and ticketed events

    /// `startTime`.
    public static let startTime = shared(FieldPath(RestaurantTable.CodingKeys.startTime), FieldPath(TicketedEvent.CodingKeys.startTime))
    /// `endTime`.
    public static let endTime = shared(FieldPath(RestaurantTable.CodingKeys.endTime), FieldPath(TicketedEvent.CodingKeys.endTime))

    // MARK: Stays

    /// `checkInTime`.
    public static let checkInTime = FieldPath(LodgingStay.CodingKeys.checkInTime)
    /// `checkOutTime`.
    public static let checkOutTime = FieldPath(LodgingStay.CodingKeys.checkOutTime)

    // MARK: Flights, trains, buses and boats

    /// `departure.time`.
    public static let departureTime = shared(
        FieldPath(Flight.CodingKeys.departure, AirportVisit.CodingKeys.time),
        FieldPath(TransitTrip.CodingKeys.departure, TransitStop.CodingKeys.time))
    /// `arrival.time`.
    public static let arrivalTime = shared(
        FieldPath(Flight.CodingKeys.arrival, AirportVisit.CodingKeys.time),
        FieldPath(TransitTrip.CodingKeys.arrival, TransitStop.CodingKeys.time))
    /// `boardingTime`.
    public static let boardingTime = FieldPath(Flight.CodingKeys.boardingTime)
    /// `departure.airport.iataCode`.
    public static let departureAirportIATACode = FieldPath(
        Flight.CodingKeys.departure, AirportVisit.CodingKeys.airport, Airport.CodingKeys.iataCode)
    /// `departure.airport.icaoCode`.
    public static let departureAirportICAOCode = FieldPath(
        Flight.CodingKeys.departure, AirportVisit.CodingKeys.airport, Airport.CodingKeys.icaoCode)
    /// `arrival.airport.iataCode`.
    public static let arrivalAirportIATACode = FieldPath(
        Flight.CodingKeys.arrival, AirportVisit.CodingKeys.airport, Airport.CodingKeys.iataCode)
    /// `arrival.airport.icaoCode`.
    public static let arrivalAirportICAOCode = FieldPath(
        Flight.CodingKeys.arrival, AirportVisit.CodingKeys.airport, Airport.CodingKeys.icaoCode)

    // MARK: Rental cars

    /// `pickUp.time`.
    public static let pickUpTime = FieldPath(CarRental.CodingKeys.pickUp, RentalHandover.CodingKeys.time)
    /// `dropOff.time`.
    public static let dropOffTime = FieldPath(CarRental.CodingKeys.dropOff, RentalHandover.CodingKeys.time)

    /// One path that several categories' types have: each of them must spell it the same way.
    private static func shared(_ path: FieldPath, _ others: FieldPath...) -> FieldPath {
        for other in others {
            precondition(other == path, "the categories disagree on a shared field: \(path) and \(other)")
        }
        return path
    }
}
