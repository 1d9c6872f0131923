import Chrono
import Diagnostics
import Parallel
import Reservations
import SenderVerification

/// Merges reservations that describe one booking: the same reservation number and part (or item
/// reference), read from an app's JSON, a confirmation e-mail, a web page...
///
/// The sources are laid over each other from oldest to newest, field by field: what the newer
/// source says replaces what the older said, and what it leaves out is kept. So a newer
/// cancellation cancels, a newer time moves the event, and an e-mail that gives no seat does not
/// erase the seat the app knew.
///
/// Which source is newer is decided by times no stranger can set: an e-mail's date counts only
/// when its signature covers it (``ImportedReservation/sourceTime``), a file's is its modification
/// time, and a reservation's own `modifiedTime` counts only against sources of the same sender
/// (one organization's messages, or the person's own inputs), since any sender may write any
/// `modifiedTime`. Sources with no time count as oldest, and ties go to input order.
///
/// A booking is changed only by its own sender (``SenderVerification/SenderPolicy/change(bookedBy:by:makerIsPerson:)``):
/// the organization whose mail made it (the previous feed's record, else its oldest source here),
/// another known booking sender (applied, and said: `other-sender`), or the person. A source from
/// anyone else changes nothing (said, and set apart).
public enum ReservationMerger {
    /// The reservations with each booking merged into one, in the order each first appeared;
    /// a merged reservation's origin is its newest source's.
    public static func merge(_ reservations: [ImportedReservation], concurrency: Int = Parallel.defaultConcurrency) -> [ImportedReservation] {
        var diagnostics: [Diagnostic] = []
        return merge(reservations, concurrency: concurrency, reporting: &diagnostics)
    }

    /// The reservations with each booking merged into one, as ``merge(_:concurrency:)`` does, and
    /// a warning (``DiagnosticCode/otherSender``) for each change made by another known booking
    /// sender than the one whose mail made the booking (an airline changing what a travel agency
    /// booked: applied), and for each change from anyone else (refused).
    public static func merge(
        _ reservations: [ImportedReservation], concurrency: Int = Parallel.defaultConcurrency, reporting diagnostics: inout [Diagnostic]
    ) -> [ImportedReservation] {
        keyedMerge(reservations, concurrency: concurrency, reporting: &diagnostics).reservations
    }

    /// The reservations with each booking merged into one, as ``merge(_:concurrency:reporting:)``
    /// gives them, with the identity key of each (``Reservations/Reservation/identityKey``),
    /// worked out once: what the feed's events are named by.
    ///
    /// - Parameter makers: For a booking's identity key, what the previous feed remembers of who
    ///   made it; `nil` when the previous feed does not have it.
    /// - Returns: The merged reservations and their keys, and the sources whose changes were
    ///   refused (their bookings' events stay as they were).
    /// - Parameter policy: Whose mail is believed, for who made a booking
    ///   (``SenderVerification/SenderPolicy/maker(remembered:senders:)``).
    package static func keyedMerge(
        _ reservations: [ImportedReservation], makers: ((String) -> SenderPolicy.Remembered?)? = nil, policy: SenderPolicy = SenderPolicy(),
        concurrency: Int = Parallel.defaultConcurrency, reporting diagnostics: inout [Diagnostic]
    ) -> (reservations: [ImportedReservation], keys: [String?], refused: [ImportedReservation]) {
        // The keys are worked out on every core; grouping them is a quick pass.
        let keys = Parallel.map(reservations, concurrency: concurrency) { $0.reservation.identityKey }
        let repeated = repeatedGroups(keys: keys)
        // Inputs that are all the person's own, with no booking twice and no sender to remember:
        // the usual case for a large input, passed through as it is.
        if repeated == nil, makers == nil, !reservations.contains(where: { $0.sender != nil }) { return (reservations, keys, []) }
        let groups = repeated ?? reservations.indices.map { [$0] }
        var merged: [ImportedReservation] = []
        var mergedKeys: [String?] = []
        var refused: [ImportedReservation] = []
        merged.reserveCapacity(groups.count)
        mergedKeys.reserveCapacity(groups.count)
        for members in groups {
            let key = keys[members[0]]
            let maker = key.flatMap { makers?($0) }
            let (booking, turnedDown) = Self.merged(members.map { reservations[$0] }, madeBy: maker, policy: policy, reporting: &diagnostics)
            refused += turnedDown
            guard let booking else { continue }
            merged.append(booking)
            mergedKeys.append(members.count > 1 ? booking.reservation.identityKey : key)
        }
        return (merged, mergedKeys, refused)
    }

    /// The positions of each booking among reservations with these identity keys
    /// (``Reservations/Reservation/identityKey``), in the order each first appeared; `nil` when
    /// no booking appears twice, the usual case for a large input, found without grouping.
    private static func repeatedGroups(keys: [String?]) -> [[Int]]? {
        var seen = Set<String>(minimumCapacity: keys.count)
        guard keys.contains(where: { key in key.map { !seen.insert($0).inserted } ?? false }) else { return nil }
        var order: [String] = []
        var groups: [String: [Int]] = [:]
        groups.reserveCapacity(keys.count)
        for (index, key) in keys.enumerated() {
            let key = key ?? "unidentified #\(index)"
            if groups[key] == nil {
                order.append(key)
                groups[key] = [index]
            } else {
                groups[key]!.append(index)
            }
        }
        return order.map { groups[$0]! }
    }

    /// The order in which the sources of one booking are laid over each other: by the times no
    /// stranger can set, then, among one sender's sources, by the reservations' own
    /// `modifiedTime`s, each sender's sources keeping the places the first ordering gave them.
    static func order(_ sources: [ImportedReservation]) -> [Int] {
        func trusted(_ source: ImportedReservation) -> Instant? {
            // A file the person gives is theirs, `modifiedTime` and all; an e-mail's time is the
            // one its signature covers.
            source.sender == nil ? source.modified : source.sourceTime
        }
        func older(_ a: Instant?, _ b: Instant?) -> Bool? {
            guard a != b else { return nil }
            return (a ?? Instant(secondsSinceEpoch: .min)) < (b ?? Instant(secondsSinceEpoch: .min))
        }
        var sorted = sources.indices.sorted { a, b in older(trusted(sources[a]), trusted(sources[b])) ?? (a < b) }
        // Within one sender, its own `modifiedTime`s decide.
        var slots: [String: [Int]] = [:]
        for (slot, index) in sorted.enumerated() {
            let sender = sources[index].sender.map { $0.standing == .own ? "" : $0.organization } ?? ""
            slots[sender, default: []].append(slot)
        }
        for positions in slots.values where positions.count > 1 {
            let members = positions.map { sorted[$0] }
            let reordered = members.sorted { a, b in
                let (one, other) = (sources[a], sources[b])
                return older(one.modified ?? trusted(one), other.modified ?? trusted(other)) ?? (members.firstIndex(of: a)! < members.firstIndex(of: b)!)
            }
            for (position, index) in zip(positions, reordered) { sorted[position] = index }
        }
        return sorted
    }

    /// The sources of one booking, in input order, laid over each other from oldest to newest,
    /// each only when its sender may change what the booking's maker made; `nil` when none may.
    /// A warning for each change by another known booking sender than the maker, and for each
    /// refused one.
    private static func merged(
        _ sources: [ImportedReservation], madeBy remembered: SenderPolicy.Remembered?, policy: SenderPolicy, reporting diagnostics: inout [Diagnostic]
    ) -> (ImportedReservation?, refused: [ImportedReservation]) {
        let ordered = sources.count == 1 ? [0] : order(sources)
        let maker = policy.maker(remembered: remembered, senders: ordered.map { sources[$0].sender })
        let previousMaker: String? = if case .organization(let organization) = remembered { organization } else { nil }
        if let previousMaker, let taker = maker.organization, taker != previousMaker, let first = ordered.first(where: { sources[$0].sender?.organization == taker }) {
            diagnostics.append(takenOver(by: taker, from: previousMaker, sources[first]))
        }
        var merged: ImportedReservation?
        var refused: [ImportedReservation] = []
        // Everyone the sources applied name: a group booking comes as a reservation for each
        // passenger, under one number, and the booking is for all of them.
        var people: [String] = []
        for index in ordered {
            let newer = sources[index]
            switch SenderPolicy.change(bookedBy: maker.organization, by: newer.sender, makerIsPerson: maker.isPerson) {
            case .refused:
                diagnostics.append(refusal(of: newer, madeBy: maker.organization))
                refused.append(newer)
                continue
            case .appliedFromOtherSender:
                if let sender = newer.sender, let organization = maker.organization, merged.map({ newer.reservation != $0.reservation }) ?? true {
                    diagnostics.append(changed(by: sender.organization, madeBy: organization, newer, isFirst: merged == nil))
                }
            case .applied:
                break
            }
            people += [newer.reservation.holderName].compactMap { $0 } + newer.reservation.travellers
            guard let current = merged else {
                var first = newer
                first.bookedBy = maker.organization
                merged = first
                continue
            }
            merged = ImportedReservation(
                reservation: current.reservation.overlaid(with: newer.reservation), origin: newer.origin,
                fieldPositions: newer.fieldPositions, sourceTime: newer.sourceTime ?? current.sourceTime,
                senderCountry: newer.senderCountry ?? current.senderCountry, companions: newer.companions,
                sender: newer.sender ?? current.sender, bookedBy: maker.organization)
        }
        if var booking = merged, ordered.count > 1 {
            let everyone = PersonName.distinct(people)
            if everyone.count > 1 {
                booking.reservation.travellers = everyone
                merged = booking
            }
        }
        return (merged, refused)
    }

    /// What is said of a booking a known booking sender's mail takes over from an organization
    /// believed only because any verified one is.
    private static func takenOver(by taker: String, from previous: String, _ newer: ImportedReservation) -> Diagnostic {
        let booking = newer.reservation.reservationNumber.map { "the booking \($0)" } ?? "a booking"
        return Diagnostic(
            .warning, .otherSender, at: newer.origin,
            "mail from \(taker), a known booking sender, is about \(booking), which mail from \(previous) made: it is \(taker)'s from now on, and \(previous)'s mail changes it no more")
    }

    /// What is said of a booking changed by another known booking sender's mail than the one
    /// that made it.
    private static func changed(by sender: String, madeBy maker: String, _ newer: ImportedReservation, isFirst: Bool) -> Diagnostic {
        let verb = newer.reservation.status == .cancelled ? "cancels" : isFirst ? "is about" : "changes"
        let booking = newer.reservation.reservationNumber.map { "the booking \($0)" } ?? "a booking"
        return Diagnostic(
            .warning, .otherSender, at: newer.origin,
            "mail from \(sender) \(verb) \(booking), which mail from \(maker) made; \(sender) is a known booking sender, so it is applied")
    }

    /// What is said of a change refused because its sender is neither the booking's maker, a
    /// known booking sender nor the person.
    private static func refusal(of newer: ImportedReservation, madeBy maker: String?) -> Diagnostic {
        let sender = newer.sender?.organization ?? "?"
        let verb = newer.reservation.status == .cancelled ? "cancel" : "change"
        let booking = newer.reservation.reservationNumber.map { "the booking \($0)" } ?? "a booking"
        let made = maker.map { "mail from \($0) made" } ?? "your own inputs made"
        let who = maker.map { "\($0), another known booking sender or your own address" } ?? "a known booking sender or your own address"
        return Diagnostic(
            .warning, .otherSender, at: newer.origin,
            "mail from \(sender) would \(verb) \(booking), which \(made): not applied, since only \(who) may \(verb) it")
    }
}
