import Basics

/// The organizations whose e-mail is believed to carry bookings: the registry shipped with the
/// tool (some 580 organizational domains of airlines, rail, coach and ferry operators, hotel
/// groups, booking platforms, travel agencies, car rental, ticketing and restaurant booking, each
/// with its public source), and the organizations the person names (``named``, `--trust-sender`).
///
/// DKIM proves which domain sent a message, not that the domain is a business one books with: a
/// spammer signs its own mail too. So, as Siri Event Suggestions believes markup only from
/// registered domains and Gmail only from registered senders, a verified message's bookings are
/// used only when its organization is a known sender (or the person's own address; see
/// ``SenderPolicy``).
///
/// ```swift
/// KnownSenders.entry(for: "united.com")?.kind   // .airline
/// KnownSenders(named: ["hotel.example.com"]).contains("hotel.example.com")   // true
/// ```
public struct KnownSenders: Sendable, Hashable {
    /// The organizational domains the person names, lower case, believed beside the registry's.
    public var named: Set<String>

    /// The registry, with the organizations the person names added.
    public init(named: Set<String> = []) {
        self.named = Set(named.map { $0.lowercased() })
    }

    /// Whether the organization (its organizational domain, lower case) is a known sender: in the
    /// registry, or named by the person.
    public func contains(_ organization: String) -> Bool {
        named.contains(organization) || Self.entry(for: organization) != nil
    }

    /// One organization of the registry.
    public struct Entry: Sendable, Hashable {
        /// The organizational domain its mail comes from (`united.com`).
        public var domain: String
        /// What it is.
        public var kind: Kind
        /// Its name (`United Airlines`).
        public var name: String
        /// Where the domain is shown to be the organization's: a URL.
        public var source: String
    }

    /// The kinds of organization the registry holds.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case airline
        case rail
        case coach
        case ferry
        case hotel
        case bookingPlatform = "booking-platform"
        case travelAgency = "travel-agency"
        case carRental = "car-rental"
        case ticketing
        case restaurantBooking = "restaurant-booking"
        case otherTravel = "other-travel"
    }

    /// The registry's entry for an organizational domain (lower case), if it has one.
    public static func entry(for organization: String) -> Entry? {
        table.fields(forKey: Array(organization.utf8)).flatMap(Self.entry)
    }

    /// Every entry of the registry, in the order of their domains' UTF-8 bytes.
    static var registry: [Entry] {
        table.allFields().compactMap(Self.entry)
    }

    private static let table = SortedLines(knownSenderTable)

    private static func entry(_ fields: [String]) -> Entry? {
        guard fields.count == 4, let kind = Kind(rawValue: fields[1]) else { return nil }
        return Entry(domain: fields[0], kind: kind, name: fields[2], source: fields[3])
    }
}
