import Chrono
import Diagnostics
import Parallel
import Reservations

/// Merges reservations that describe one booking: the same reservation number and part (or item
/// reference), read from an app's JSON, a confirmation e-mail, a web page...
///
/// The sources are laid over each other from oldest to newest, field by field: what the newer
/// source says replaces what the older said, and what it leaves out is kept. So a newer
/// cancellation cancels, a newer time moves the event, and an e-mail that gives no seat does not
/// erase the seat the app knew. Newer is ``ImportedReservation/modified``: the reservation's own
/// modification time, else the e-mail's Date, else the file's modification time; sources with no
/// time count as oldest, and ties go to input order.
public enum ReservationMerger {
    /// The reservations with each booking merged into one, in the order each first appeared;
    /// a merged reservation's origin is its newest source's.
    public static func merge(_ reservations: [ImportedReservation], concurrency: Int = Parallel.defaultConcurrency) -> [ImportedReservation] {
        var diagnostics: [Diagnostic] = []
        return merge(reservations, concurrency: concurrency, reporting: &diagnostics)
    }

    /// The reservations with each booking merged into one, as ``merge(_:concurrency:)`` does, and
    /// a warning (``DiagnosticCode/otherSender``) for each change made by verified mail from
    /// another organization than the one whose mail made the booking: an airline changing what a
    /// travel agency booked is applied, and said.
    public static func merge(
        _ reservations: [ImportedReservation], concurrency: Int = Parallel.defaultConcurrency, reporting diagnostics: inout [Diagnostic]
    ) -> [ImportedReservation] {
        keyedMerge(reservations, concurrency: concurrency, reporting: &diagnostics).reservations
    }

    /// The reservations with each booking merged into one, as ``merge(_:concurrency:reporting:)``
    /// gives them, with the identity key of each (``Reservations/Reservation/identityKey``),
    /// worked out once: what the feed's events are named by.
    package static func keyedMerge(
        _ reservations: [ImportedReservation], concurrency: Int = Parallel.defaultConcurrency, reporting diagnostics: inout [Diagnostic]
    ) -> (reservations: [ImportedReservation], keys: [String?]) {
        // The keys are worked out on every core; grouping them is a quick pass.
        let keys = Parallel.map(reservations, concurrency: concurrency) { $0.reservation.identityKey }
        guard let groups = repeatedGroups(keys: keys) else { return (reservations, keys) }
        var merged: [ImportedReservation] = []
        var mergedKeys: [String?] = []
        merged.reserveCapacity(groups.count)
        mergedKeys.reserveCapacity(groups.count)
        for members in groups {
            guard members.count > 1 else {
                merged.append(reservations[members[0]])
                mergedKeys.append(keys[members[0]])
                continue
            }
            let booking = Self.merged(members.map { reservations[$0] }, reporting: &diagnostics)
            merged.append(booking)
            mergedKeys.append(booking.reservation.identityKey)
        }
        return (merged, mergedKeys)
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

    /// The sources of one booking, in input order, laid over each other from oldest to newest;
    /// a warning for each change made by another organization's verified mail than the one whose
    /// mail made the booking.
    private static func merged(_ sources: [ImportedReservation], reporting diagnostics: inout [Diagnostic]) -> ImportedReservation {
        let sorted = sources.indices.sorted { a, b in
            let (timeA, timeB) = (sources[a].modified, sources[b].modified)
            if timeA != timeB { return (timeA ?? Instant(secondsSinceEpoch: .min)) < (timeB ?? Instant(secondsSinceEpoch: .min)) }
            return a < b
        }
        var merged = sources[sorted[0]]
        // Whose mail made the booking: the oldest verified sender among its sources.
        var maker = merged.verifiedSender
        for index in sorted.dropFirst() {
            let newer = sources[index]
            if let sender = newer.verifiedSender {
                if let maker, maker != sender, newer.reservation != merged.reservation {
                    diagnostics.append(changed(by: sender, madeBy: maker, newer))
                }
                maker = maker ?? sender
            }
            merged = ImportedReservation(
                reservation: merged.reservation.overlaid(with: newer.reservation), origin: newer.origin,
                fieldPositions: newer.fieldPositions, sourceTime: newer.sourceTime ?? merged.sourceTime,
                senderCountry: newer.senderCountry ?? merged.senderCountry, companions: newer.companions,
                verifiedSender: newer.verifiedSender ?? merged.verifiedSender)
        }
        return merged
    }

    /// What is said of a booking changed by another organization's mail than the one that made it.
    private static func changed(by sender: String, madeBy maker: String, _ newer: ImportedReservation) -> Diagnostic {
        let verb = newer.reservation.status == .cancelled ? "cancels" : "changes"
        let booking = newer.reservation.reservationNumber.map { "the booking \($0)" } ?? "a booking"
        return Diagnostic(
            .warning, .otherSender, at: newer.origin,
            "mail from \(sender) \(verb) \(booking), which mail from \(maker) made; the change is applied")
    }
}
