/// A reserved seat, as `INSeat` describes it. Every part is optional text, as printed on the ticket.
public struct Seat: Sendable, Hashable, Codable {
    /// The section, coach or car (`Coach 9`, `Orchestra`).
    public var section: String?
    /// The row (`23`).
    public var row: String?
    /// The seat itself (`23A` or `A`).
    public var number: String?
    /// The kind of seating (`Economy`, `Window`, `Cabin B2`).
    public var type: String?

    /// Creates a seat.
    public init(section: String? = nil, row: String? = nil, number: String? = nil, type: String? = nil) {
        self.section = section
        self.row = row
        self.number = number
        self.type = type
    }
}
