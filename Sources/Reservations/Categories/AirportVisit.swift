import Chrono

/// One end of a flight: the airport, the terminal and gate, and the scheduled time
/// (`INAirportGate` plus the matching end of the flight's `INDateComponentsRange`).
public struct AirportVisit: Sendable, Hashable, Codable {
    /// The airport.
    public var airport: Airport?
    /// The terminal (`2`, `International`).
    public var terminal: String?
    /// The gate (`G92`).
    public var gate: String?
    /// The scheduled time of departure or arrival, best with the airport's zone or offset.
    public var time: DateTimeValue?

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case airport, terminal, gate, time
    }

    /// Creates one end of a flight.
    public init(airport: Airport? = nil, terminal: String? = nil, gate: String? = nil, time: DateTimeValue? = nil) {
        self.airport = airport
        self.terminal = terminal
        self.gate = gate
        self.time = time
    }
}
