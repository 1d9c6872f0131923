/// Where a field is within a reservation, as native JSON names it: `departure.time`,
/// `checkInAction.validFrom`.
///
/// The paths of the model's fields are defined once, from the model's own coding keys, as
/// constants beside the model (`FieldPath.departureTime` in `Reservations`): the requirements,
/// synthesis, the readers and messages all use those, so renaming a field is a compile error
/// rather than an old path printed in silence. A path is its keys, never text taken apart.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The member names from the reservation down to the field: `["departure", "time"]`.
    public let keys: [String]

    /// The path through these coding keys, outermost first.
    public init(_ keys: any CodingKey...) {
        self.init(codingPath: keys)
    }

    /// The path a decoder took from a reservation down to one of its fields.
    public init(codingPath: [any CodingKey]) {
        keys = codingPath.map(\.stringValue)
    }

    /// `departure.time`.
    public var description: String { keys.joined(separator: ".") }
}
