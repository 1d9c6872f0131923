import Diagnostics
import ICalendar
import Parallel

/// Builds a feed from reservations and the previous feed, in memory, without touching files: the
/// library call other tools use, and what ``FeedGenerator`` wraps.
///
/// Events keep their identity from run to run: an unchanged event is written byte for byte as
/// before (DTSTAMP and SEQUENCE included), a changed one keeps its UID and gets SEQUENCE + 1 with
/// a new DTSTAMP and LAST-MODIFIED, a cancelled one stays as cancelled, one whose reservation left
/// the input follows ``FeedOptions/missing``, and one that ended more than
/// ``FeedOptions/keepPastDays`` ago leaves the feed.
///
/// ```swift
/// let previous = try PreviousFeed(iCalendar: oldText)
/// let build = try FeedBuilder().build(from: reservations, previous: previous, now: .now)
/// print(build.changes)   // 0 added, 1 updated, 0 cancelled, 0 removed, 7 unchanged
/// let text = try build.feed.iCalendarText()
/// ```
///
/// Reservations built in code go in as they are; those a reader found (`ImportedReservation`)
/// carry where they came from, which messages about them name.
public struct FeedBuilder: Sendable {
    /// The options in force.
    public var options: FeedOptions
    /// How many threads synthesise and write events at once; 1 does everything on the calling
    /// thread. The feed is the same, byte for byte, whatever the number.
    public var concurrency: Int

    /// Creates a builder.
    public init(options: FeedOptions = FeedOptions(), concurrency: Int = Parallel.defaultConcurrency) {
        self.options = options
        self.concurrency = concurrency
    }

    /// Reservations handled at once: enough to keep every thread busy, few enough that their
    /// events never pile up in memory.
    var batchSize = 4096

    /// Makes the feed of the given reservations, as the next version of `previous`.
    ///
    /// Each confirmed reservation becomes one event (pending and held ones only with
    /// ``FeedOptions/includeUnconfirmed``); a new one that already ended is left out, as Siri
    /// does. Two reservations that give the same event UID (the same booking read twice) give one
    /// event: the first in input order is kept, and a warning names both places.
    ///
    /// - Parameters:
    ///   - reservations: The reservations, with where each came from (for messages); a
    ///     reservation built in code has no origin, and its messages name the field alone.
    ///   - previous: The feed as subscribers have it, or `nil` for a new feed.
    ///   - now: The time of this run: the DTSTAMP of new and changed events, and the reference
    ///     for what has ended.
    ///   - inputIsComplete: Whether every input was read without error. When not, events of the
    ///     previous feed that the input lacks are kept as they were: their reservation may be in
    ///     the input that could not be read, and an unreadable file must never cancel an event.
    ///   - withheld: Reservations of e-mails whose sender is not verified
    ///     (`ImportResult.withheld`): they make, change and cancel no event, and the events of
    ///     the previous feed they name stay exactly as they were, each with a warning.
    /// - Throws: ``FeedError/shrink(previousLive:remaining:)`` when the input no longer mentions at
    ///   least half of the previous feed's live events (those not cancelled and not over), unless
    ///   ``FeedOptions/allowShrink`` is set: an empty or half-mounted input folder must not cancel a
    ///   calendar. Bookings the input cancels count as mentioned.
    public func build(
        from reservations: [ImportedReservation], previous: PreviousFeed? = nil, now: Instant, inputIsComplete: Bool = true,
        withheld: [ImportedReservation] = []
    ) throws(FeedError) -> FeedBuildResult {
        let identities = Parallel.map(reservations, concurrency: concurrency) { BookingIdentity(key: $0.reservation.identityKey) }
        let assembly = try assemble(
            reservations, identities: identities, withheld: withheld, previous: previous, now: now, inputIsComplete: inputIsComplete,
            form: EventValues(), spool: nil)
        let feed = FeedDocument(properties: options.calendarProperties, events: assembly.entries.compactMap(\.event), generated: now)
        return FeedBuildResult(feed: feed, changes: assembly.changes, diagnostics: assembly.diagnostics, skipped: assembly.skipped)
    }

    /// Makes the feed of reservations built in code, as the next version of `previous`: the same
    /// as building from `ImportedReservation`s without an origin. Diagnostics name the field
    /// they concern, and no place.
    ///
    /// ```swift
    /// let build = try FeedBuilder().build(from: [dinner, flight], now: .now)
    /// ```
    @_disfavoredOverload
    public func build(
        from reservations: [Reservation], previous: PreviousFeed? = nil, now: Instant, inputIsComplete: Bool = true
    ) throws(FeedError) -> FeedBuildResult {
        try build(
            from: reservations.map { ImportedReservation(reservation: $0, origin: nil) }, previous: previous, now: now,
            inputIsComplete: inputIsComplete)
    }

    /// The steps both ways of building share: ``build(from:previous:now:inputIsComplete:withheld:)``
    /// with entries that keep their events (``EventValues``), ``FeedGenerator`` with entries that
    /// keep only their text (``EventTexts``), which is all a file needs. New texts go to `spool`
    /// when there is one.
    ///
    /// - Parameter identities: The identity of each reservation's booking, in order: worked out
    ///   once, by the caller (``FeedGenerator`` from the keys the merger grouped by).
    func assemble(
        _ reservations: [ImportedReservation], identities: [BookingIdentity], withheld: [ImportedReservation] = [],
        previous: PreviousFeed?, now: Instant, inputIsComplete: Bool, form: any FeedEntryForm, spool: TextSpool?
    ) throws(FeedError) -> FeedAssembly {
        let maker = FeedEntryMaker(options: options, previous: previous, now: now, form: form)
        var assembly = FeedAssembly()
        assembly.spool = spool
        // Who claimed each UID first, by position in `reservations` (an origin is 100 bytes; a
        // position, 8: at 100,000 events the difference is some 25 MB of peak memory).
        var claimed: [String: Int] = [:]
        claimed.reserveCapacity(reservations.count)
        assembly.entries.reserveCapacity(reservations.count)
        var previousLive = 0
        var stillMentioned = 0
        // The bookings as trips and connections see them, when the feed has them.
        var itinerary: [ItineraryItem] = []

        // Reservations, in batches: the steps run in parallel, their results are taken in order,
        // each batch's while the next one is being made.
        func take(_ steps: Parallel.Batch<FeedEntryMaker.Step>, of batch: Range<Int>) throws(FeedError) {
            try steps.forEach { offset, step throws(FeedError) in
                let index = batch.lowerBound + offset
                assembly.diagnostics += step.diagnostics
                if case .skipped(let skipped) = step.outcome, step.uid == nil || skipped.reason.isUnconfirmed {
                    assembly.skipped.append(skipped)
                    return
                }
                guard let uid = step.uid else { return }
                if let first = claimed[uid] {
                    let earlier = reservations[first].origin.map { "\($0)" } ?? "an earlier one"
                    assembly.diagnostics.append(
                        Diagnostic(.warning, .duplicateReservation, at: step.origin, "the same reservation as \(earlier); kept that one"))
                    return
                }
                claimed[uid] = index
                if step.previousWasLive == true {
                    previousLive += 1
                    stillMentioned += 1
                }
                if let item = step.itinerary { itinerary.append(item) }
                try assembly.record(step, spool: spool)
            }
        }
        var pending: (steps: Parallel.Batch<FeedEntryMaker.Step>, batch: Range<Int>)?
        for batch in Parallel.batches(of: reservations.count, size: batchSize) {
            // The batch's part of the reservations, lent where they lie.
            let next = Parallel.Batch(reservations, in: batch, concurrency: concurrency) { reservation, index in
                maker.step(reservation, identity: identities[index])
            }
            if let pending { try take(pending.steps, of: pending.batch) }
            pending = (next, batch)
        }
        if let pending { try take(pending.steps, of: pending.batch) }

        // Reservations of unverified mail, after every other has claimed its UID: a verified
        // message's version of the same booking wins; otherwise the event stays as it was.
        for step in Parallel.map(withheld, concurrency: concurrency, { maker.step(withheld: $0) }) {
            guard let uid = step.uid else { continue }
            guard claimed[uid] == nil else {
                // Another message's version of the booking made or kept its event: this one is
                // not used either, and is counted once, as every unverified message is.
                if let unused = step.unused { assembly.skipped.append(unused) }
                continue
            }
            claimed[uid] = -1
            // An event kept as it was: the message is not used, and counted.
            if case .skipped = step.outcome {} else if let unused = step.unused { assembly.skipped.append(unused) }
            assembly.diagnostics += step.diagnostics
            if step.previousWasLive == true {
                previousLive += 1
                stillMentioned += 1
            }
            try assembly.record(step, spool: spool)
        }

        // Trips and connections, made from the bookings that made or changed their events; a
        // booking's event comes first when a UID is claimed twice.
        if options.synthesis.trips != nil {
            let plan = maker.synthesizer.plan(itinerary, previousTrips: previous?.trips() ?? [])
            assembly.diagnostics += plan.diagnostics
            for step in Parallel.map(plan.events, concurrency: concurrency, { maker.step(derived: $0) }) {
                assembly.diagnostics += step.diagnostics
                // One that ended before the feed's memory is not written, nor counted as skipped.
                if case .skipped = step.outcome { continue }
                guard let uid = step.uid, claimed[uid] == nil else { continue }
                claimed[uid] = -1
                try assembly.record(step, spool: spool)
            }
        }

        // Events of the previous feed that no reservation claimed.
        let missing = (0..<(previous?.count ?? 0)).filter { position in
            guard let uid = previous?.uid(at: position) else { return true }
            return !claimed.keys.contains(uid) && maker.previousPositions[uid] == position
        }
        var kept: Set<String> = []
        let made = claimed
        let isInInput: @Sendable (String) -> Bool = { uid in made[uid].map { $0 >= 0 } ?? false }
        for step in Parallel.map(missing, concurrency: concurrency, { maker.step(missing: $0, inputIsComplete: inputIsComplete, isInInput: isInInput) }) {
            assembly.diagnostics += step.diagnostics
            // An event whose UID the index could not read, found to be claimed or repeated after all.
            guard let uid = step.uid, !claimed.keys.contains(uid), kept.insert(uid).inserted else { continue }
            // A trip or a connection follows its bookings: it is not one the input lost.
            if step.previousWasLive == true, !step.isDerived { previousLive += 1 }
            try assembly.record(step, spool: spool)
        }

        // The guard against wipes: live events of the previous feed whose reservations the input no
        // longer mentions at all. A booking the input cancels is not lost; one that vanished may be.
        if !options.allowShrink, previousLive > 0, stillMentioned * 2 < previousLive {
            // Not one of a view's events, though the input has bookings: another view key.
            if options.synthesis.view != .full, options.synthesis.viewKey != nil, stillMentioned == 0, claimed.values.contains(where: { $0 >= 0 }) {
                throw .viewKeyChanged(previousLive: previousLive)
            }
            throw .shrink(previousLive: previousLive, remaining: stillMentioned)
        }
        assembly.sortEntries()
        return assembly
    }
}
