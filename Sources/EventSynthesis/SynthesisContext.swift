import Reservations

/// What the source of a reservation says about it beyond its fields: evidence for what the
/// fields leave open, such as which of several cities of one name a place is in.
public struct SynthesisContext: Sendable, Hashable {
    /// The ISO 3166-1 alpha-2 code of the country the sender's e-mail domain names (`.at` for
    /// Austria), or `nil`: between Vienna, Austria and Vienna, Virginia, a message from an `.at`
    /// address points to the first (a guess, reported).
    public var senderCountry: String?
    /// The other reservations of the same document (an itinerary's flight beside its hotel):
    /// between Portland, Oregon and Portland, Maine, a flight to PDX points to the first (a
    /// guess, reported).
    public var companions: [Reservation]

    /// Creates a context.
    public init(senderCountry: String? = nil, companions: [Reservation] = []) {
        self.senderCountry = senderCountry
        self.companions = companions
    }

    /// Nothing known beyond the reservation.
    public static let none = SynthesisContext()
}
