import Chrono

/// The details of a flight reservation (`INFlight` and `INFlightReservation`).
///
/// ```json
/// { "type": "flight", "airline": {"name": "Finnair", "iataCode": "AY"}, "flightNumber": "6",
///   "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55:00-07:00[America/Los_Angeles]"},
///   "arrival": {"airport": {"iataCode": "HEL"}, "time": "2030-06-16T13:30:00+03:00[Europe/Helsinki]"} }
/// ```
public struct Flight: Sendable, Hashable, Codable {
    /// The airline that operates the flight.
    public var airline: Airline?
    /// The flight number, with or without the airline code (`6` or `AY 6`).
    public var flightNumber: String?
    /// Where and when the flight leaves.
    public var departure: AirportVisit?
    /// Where and when the flight lands.
    public var arrival: AirportVisit?
    /// When boarding starts.
    public var boardingTime: DateTimeValue?
    /// The reserved seat.
    public var seat: Seat?

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case airline, flightNumber, departure, arrival, boardingTime, seat
    }

    /// Creates flight details.
    public init(
        airline: Airline? = nil, flightNumber: String? = nil, departure: AirportVisit? = nil,
        arrival: AirportVisit? = nil, boardingTime: DateTimeValue? = nil, seat: Seat? = nil
    ) {
        self.airline = airline
        self.flightNumber = flightNumber
        self.departure = departure
        self.arrival = arrival
        self.boardingTime = boardingTime
        self.seat = seat
    }
}
