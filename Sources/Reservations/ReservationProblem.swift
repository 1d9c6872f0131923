/// Something a reservation lacks or gets wrong, found by ``Reservation/requirementProblems``.
public struct ReservationProblem: Sendable, Hashable, CustomStringConvertible {
    /// The native JSON path of the field within the reservation, such as `departure.time`.
    public let field: String
    /// What is wrong, as a sentence fragment: `a flight needs a departure time`.
    public let message: String

    /// Creates a problem report.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
