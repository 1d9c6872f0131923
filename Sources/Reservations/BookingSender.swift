/// Whose e-mail a reservation was read from, once its sender was verified and believed: the
/// organization (`united.com`) and why it is believed. A reservation read from anything else (a
/// file the person gives, a page, an app's JSON) has none: it is the person's own.
///
/// Who made a booking decides who may change it (see `SenderPolicy.mayChange(bookedBy:by:)`):
/// the organization whose mail made it, another known booking sender, or the person.
public struct BookingSender: Sendable, Hashable, CustomStringConvertible {
    /// The organizational domain of the sender's address (`united.com`).
    public var organization: String
    /// Why the sender is believed.
    public var standing: Standing

    /// Why a sender is believed.
    public enum Standing: Sendable, Hashable {
        /// The address is one of the person's own (a booking forwarded to oneself).
        case own
        /// The organization is a known booking sender: in the registry, or named by the person.
        case known
        /// Only because the person believes any verified organization (`--trust-verified`).
        case anyVerified
    }

    /// Creates a sender.
    public init(organization: String, standing: Standing) {
        self.organization = organization
        self.standing = standing
    }

    public var description: String { organization }
}
