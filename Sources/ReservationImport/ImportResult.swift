import Diagnostics
import Reservations
import SenderVerification

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
    /// The organizations whose verified mail carried bookings but that are no known booking
    /// sender, with how many such messages each and where the first was: each is reported once a
    /// run (``senderSummaries()``), not once a message.
    public var unknownSenders: [String: UnknownSender] = [:]

    /// Verified mail from an organization that is no known booking sender.
    public struct UnknownSender: Sendable, Hashable {
        /// How many messages with bookings came from it.
        public var messages: Int
        /// Where the first of them was.
        public var first: Origin?
    }

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
    static let companionLimit = 20

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
        unknownSenders.merge(other.unknownSenders) { UnknownSender(messages: $0.messages + $1.messages, first: $0.first ?? $1.first) }
    }

    /// What is said once a run of the e-mails' senders: each organization whose verified mail
    /// carried bookings but is no known booking sender (`unknown-sender`, with the option that
    /// would believe it), and each server whose verdicts unverified messages carry but the person
    /// does not trust (`untrusted-server`, most often the person's own provider, whose word could
    /// be taken for mail whose signatures can no longer be checked).
    public func senderSummaries() -> [Diagnostic] {
        let unknown = unknownSenders.sorted { $0.value.messages != $1.value.messages ? $0.value.messages > $1.value.messages : $0.key < $1.key }
            .map { organization, sender in
                let messages = sender.messages == 1 ? "1 message with bookings" : "\(sender.messages) messages with bookings"
                return Diagnostic(
                    .warning, .unknownSender, at: sender.first,
                    "\(messages) from \(organization), whose signature verifies but which is not a known booking sender: none of its bookings are used; if you book with it, \(setting: Setting("trust-sender", organization)) believes its mail")
            }
        let servers = untrustedServers.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { server, count in
            let messages = count == 1 ? "1 message with bookings was" : "\(count) messages with bookings were"
            return Diagnostic(
                .warning, .untrustedServer,
                "\(messages) checked on arrival by \(server) (its Authentication-Results, topmost), whose word is not taken; if it is your mail provider's server, \(setting: Setting("trust-authserv", server)) lets its verdicts count")
        }
        return unknown + servers
    }

    /// Merges what describes the same booking (``ReservationMerger``), once every input is read
    /// (never input by input: a later input may be an older account of an earlier one's booking),
    /// and returns what merging said, which is added to ``diagnostics`` too.
    public mutating func mergeBookings(policy: SenderPolicy = SenderPolicy()) -> [Diagnostic] {
        keyedMergeBookings(policy: policy).said
    }

    /// Merges what describes the same booking, as ``mergeBookings()`` does, and gives the
    /// identity key of each reservation left (``Reservations/Reservation/identityKey``), in order,
    /// worked out once for merging.
    ///
    /// - Parameters:
    ///   - makers: For a booking's identity key, the organization whose mail made it, as the
    ///     previous feed remembers (see ``ReservationMerger``); the sources whose changes its
    ///     maker's rule refuses join ``withheld``, so that their events stay as they were.
    ///   - policy: Whose mail is believed: a known booking sender's word on who made a booking
    ///     outweighs another's.
    package mutating func keyedMergeBookings(
        makers: ((String) -> SenderPolicy.Remembered?)? = nil, policy: SenderPolicy = SenderPolicy()
    ) -> (said: [Diagnostic], keys: [String?]) {
        var said: [Diagnostic] = []
        let keys: [String?]
        let refused: [ImportedReservation]
        (reservations, keys, refused) = ReservationMerger.keyedMerge(reservations, makers: makers, policy: policy, reporting: &said)
        withheld += refused
        diagnostics += said
        return (said, keys)
    }
}
