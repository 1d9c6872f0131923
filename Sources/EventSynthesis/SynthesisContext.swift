/// What the source of a reservation says about it beyond its fields: evidence for what the
/// fields leave open, such as which of several cities of one name a place is in.
public struct SynthesisContext: Sendable, Hashable {
    /// The ISO 3166-1 alpha-2 code of the country the sender's e-mail domain names (`.at` for
    /// Austria), or `nil`: between Vienna, Austria and Vienna, Virginia, a message from an `.at`
    /// address points to the first (a guess, reported).
    public var senderCountry: String?

    /// Creates a context.
    public init(senderCountry: String? = nil) {
        self.senderCountry = senderCountry
    }

    /// Nothing known beyond the reservation.
    public static let none = SynthesisContext()
}
