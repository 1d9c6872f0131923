import Diagnostics
import Reservations

/// What reading some input produced: the reservations that could be read, and messages about the rest.
public struct ImportResult: Sendable, Hashable {
    /// The reservations, in input order.
    public var reservations: [ImportedReservation]
    /// Errors and warnings, in input order.
    public var diagnostics: [Diagnostic]
    /// How many messages of mailboxes (mbox files, IMAP folders) were read, each an input of its own.
    public var messages: Int
    /// The reservations of e-mails whose sender could not be verified: they make, change and
    /// cancel no event, and the events they made before stay as they were (see
    /// the feed's builder). Each such message is reported among the diagnostics.
    public var withheld: [ImportedReservation]
    /// For the unverified e-mails among them, the servers named by their topmost
    /// `Authentication-Results` that the person does not trust, with how many messages each:
    /// most often the person's own provider, whose word could be taken.
    public var untrustedServers: [String: Int] = [:]

    /// Creates a result.
    public init(
        reservations: [ImportedReservation] = [], diagnostics: [Diagnostic] = [], messages: Int = 0, withheld: [ImportedReservation] = []
    ) {
        self.reservations = reservations
        self.diagnostics = diagnostics
        self.messages = messages
        self.withheld = withheld
    }

    /// The most reservations a document may hold for each to be given the others as companions
    /// (``ImportedReservation/companions``): an itinerary, not a data file.
    public static let companionLimit = 20

    /// Gives each reservation of one document the others as its companions, when the document
    /// holds from two to ``companionLimit``.
    mutating func introduceCompanions() {
        guard (2...Self.companionLimit).contains(reservations.count) else { return }
        let all = reservations.map(\.reservation)
        for index in reservations.indices {
            var others = all
            others.remove(at: index)
            reservations[index].companions = others
        }
    }

    /// Gives the reservations read from an e-mail by other means than its markup (KDE's
    /// extractor, its calendar attachments) the country of its sender.
    mutating func setSenderCountry(_ country: String?) {
        guard let country else { return }
        for index in reservations.indices where reservations[index].senderCountry == nil {
            reservations[index].senderCountry = country
        }
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Adds another result's reservations and diagnostics after these.
    public mutating func append(_ other: consuming ImportResult) {
        // Taking the other's arrays whole when there is nothing yet, and no room made for them,
        // saves copying a large input; a single reservation, as an element of a large array
        // gives, is moved rather than copied.
        if reservations.isEmpty, reservations.capacity < other.reservations.count {
            reservations = other.reservations
        } else if other.reservations.count == 1 {
            reservations.append(other.reservations.removeLast())
        } else {
            reservations += other.reservations
        }
        if diagnostics.isEmpty { diagnostics = other.diagnostics } else { diagnostics += other.diagnostics }
        messages += other.messages
        withheld += other.withheld
        untrustedServers.merge(other.untrustedServers, uniquingKeysWith: +)
    }

    /// Merges what describes the same booking (``ReservationMerger``), once every input is read
    /// (never input by input: a later input may be an older account of an earlier one's booking),
    /// and returns what merging said, which is added to ``diagnostics`` too.
    public mutating func mergeBookings() -> [Diagnostic] {
        keyedMergeBookings().said
    }

    /// Merges what describes the same booking, as ``mergeBookings()`` does, and gives the
    /// identity key of each reservation left (``Reservations/Reservation/identityKey``), in order,
    /// worked out once for merging.
    package mutating func keyedMergeBookings() -> (said: [Diagnostic], keys: [String?]) {
        var said: [Diagnostic] = []
        let keys: [String?]
        (reservations, keys) = ReservationMerger.keyedMerge(reservations, reporting: &said)
        diagnostics += said
        return (said, keys)
    }
}
