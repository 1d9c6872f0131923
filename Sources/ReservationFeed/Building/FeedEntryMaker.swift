import Diagnostics
import ICalendar

/// Makes the entries of one ``FeedBuilder`` run, one reservation or one previous event at a
/// time: it synthesises the event, applies ``EventVersioning`` against the previous feed, and
/// makes the entry in the run's form (``FeedEntryForm``: the event, or its text). Pure functions of their input and the run's shared, read-only state, so
/// that any number of them can run at once and the result does not depend on how they were
/// spread over threads.
struct FeedEntryMaker: Sendable {
    let options: FeedOptions
    let synthesizer: EventSynthesizer
    /// The rule for what changed between the previous feed and this one.
    let versioning: EventVersioning
    /// Renders single events; the run itself spreads the work.
    let writer = ICalendarWriter(concurrency: 1)
    let previous: PreviousFeed?
    let previousPositions: [String: Int]
    let now: Instant
    /// What entries carry: their event (for a ``FeedDocument`` value) or their text (for a file).
    let form: any FeedEntryForm

    init(options: FeedOptions, previous: PreviousFeed?, now: Instant, form: any FeedEntryForm) {
        self.options = options
        let synthesizer = EventSynthesizer(options: options.synthesis)
        self.synthesizer = synthesizer
        versioning = EventVersioning(
            options: options, now: now, cancelledSummary: { synthesizer.cancelledSummary($0) },
            changeNotes: { synthesizer.changeNotes(from: $0, to: $1, on: $2) }, shownInView: { synthesizer.shownInView($0) })
        self.previous = previous
        previousPositions = previous?.positionsByUID() ?? [:]
        self.now = now
        self.form = form
    }

    /// What a reservation or a previous event gives.
    struct Step: Sendable {
        var diagnostics: [Diagnostic] = []
        /// The UID it claims; the first claim in input order wins.
        var uid: String?
        /// Where what it says comes from: the reservation's origin (`nil` for one built in code),
        /// or the previous feed.
        var origin: Origin?
        var outcome: Outcome = .nothing
        /// For an event of the previous feed: whether it was live (not cancelled, not over).
        var previousWasLive: Bool?
        /// For a reservation of unverified mail: that it is not used, whatever becomes of its
        /// event (none, or the previous feed's kept as it was), for the run's count.
        var unused: SkippedReservation?
        /// The booking as trips and connections see it, when the feed has them.
        var itinerary: ItineraryItem?
        /// Whether the event is a trip or a connection (new, or of the previous feed), which
        /// the guard against wipes does not count: it follows its bookings.
        var isDerived = false
    }

    enum Outcome: Sendable {
        /// No event (the reservation lacks what its category needs: see the diagnostics).
        case nothing
        /// Left out by policy.
        case skipped(SkippedReservation)
        /// An event of the previous feed that leaves it.
        case removed
        /// An event of the new feed, and how it differs from the previous one (not ``EventChange/removed``).
        case entry(FeedEntry, EventChange)
    }

    // MARK: - Reservations

    /// The event of a reservation, as the next version of its previous-feed event if it has one.
    ///
    /// - Parameter identity: What identifies the reservation's booking, worked out already from
    ///   the identity key it was merged by.
    func step(_ imported: ImportedReservation, identity: BookingIdentity) -> Step {
        var step = Step(origin: imported.origin)
        let result = synthesizer.synthesize(
            imported.reservation, context: SynthesisContext(senderCountry: imported.senderCountry, companions: imported.companions),
            identity: identity)
        step.diagnostics = result.diagnostics.map(imported.locate)
        step.itinerary = result.itinerary
        guard var event = result.event else { return step }
        // A view an earlier version made (before view keys) keeps its events under their UIDs:
        // its subscribers see them updated in place, not cancelled and made again.
        if let unkeyed = result.unkeyedUID, previousPositions[event.uid] == nil, previousPositions[unkeyed] != nil {
            event.uid = unkeyed
            step.itinerary?.uid = unkeyed
        }
        // Whose mail made the booking is remembered in every view but the busy one, which tells
        // nothing but times: not even the airline or the hotel.
        event.bookedBy = options.synthesis.view == .busy ? nil : imported.bookedBy
        let status = imported.reservation.status
        if !options.includeUnconfirmed, status == .pending || status == .hold {
            step.outcome = .skipped(SkippedReservation(origin: imported.origin, title: event.summary, reason: .unconfirmed(status)))
            return step
        }
        step.uid = event.uid
        version(event, of: &step)
        return step
    }

    /// The entry of a trip or a connection (``TripPlan``), as the next version of its
    /// previous-feed event if it has one.
    func step(derived event: CalendarEvent) -> Step {
        var step = Step(uid: event.uid, isDerived: true)
        version(event, of: &step)
        return step
    }

    /// The step's entry for a new event: the event itself, or the next version of the previous
    /// feed's event of its UID.
    private func version(_ event: CalendarEvent, of step: inout Step) {
        let end = event.endInstant
        guard let previous, let position = previousPositions[event.uid] else {
            guard let first = versioning.firstVersion(of: event) else {
                step.outcome = .skipped(SkippedReservation(origin: step.origin, title: event.summary, reason: .ended(end)))
                return
            }
            setEntry(first, .added, of: &step)
            return
        }
        let old = previous[position]
        if versioning.hasExpired(endingAt: end) {
            step.previousWasLive = (try? old.event()).map(versioning.isLive) ?? false
            step.outcome = .removed
            return
        }
        if let unchanged = unchangedText(event, old) {
            // The old text is what the event gives with the old version properties: nothing changed.
            step.previousWasLive = versioning.isLive(unchanged.event)
            step.outcome = .entry(form.unchangedEntry(of: unchanged.event, oldText: unchanged.text), .unchanged)
            return
        }
        let oldEvent: CalendarEvent
        do {
            oldEvent = try old.event()
        } catch {
            step.diagnostics.append(problem(old, error, "it is replaced"))
            setEntry(versioning.replacement(event, ofUnreadableAt: old.sequence), .updated, of: &step)
            return
        }
        step.previousWasLive = versioning.isLive(oldEvent)
        switch versioning.revision(of: oldEvent, to: event) {
        case .unchanged(let oldEvent, let oldText):
            step.outcome = .entry(form.unchangedEntry(of: oldEvent, oldText: oldText[...]), .unchanged)
        case .changed(let next, let change):
            setEntry(next, change, of: &step)
        }
    }

    /// The event with the old version properties, and the old text, when that is exactly how the
    /// event is written: compared byte for byte, without parsing the old event.
    private func unchangedText(_ event: CalendarEvent, _ old: PreviousFeed.Event) -> (event: CalendarEvent, text: ArraySlice<UInt8>)? {
        guard let oldText = old.text, let sequence = old.sequence, let stamp = old.stamp else { return nil }
        let candidate = versioning.unchangedVersion(of: event, sequence: sequence, stamp: stamp, lastModified: old.lastModified)
        guard let text = try? writer.eventText(candidate, stamp: now), text.elementsEqual(oldText) else { return nil }
        return (candidate, oldText)
    }

    // MARK: - Reservations of unverified mail

    /// What a reservation of an unverified e-mail gives: nothing new, nothing changed. When the
    /// previous feed has its event (made before verification, or while its key could be looked
    /// up), that event is kept as it was, and a warning says so; otherwise it is skipped.
    func step(withheld imported: ImportedReservation) -> Step {
        var step = Step(origin: imported.origin)
        let result = synthesizer.synthesize(
            imported.reservation, context: SynthesisContext(senderCountry: imported.senderCountry, companions: imported.companions))
        guard let event = result.event else { return step }
        step.uid = event.uid
        let unused = SkippedReservation(origin: imported.origin, title: event.summary, reason: .unverifiedSender)
        step.unused = unused
        guard let previous, let position = previousPositions[event.uid] else {
            step.outcome = .skipped(unused)
            return step
        }
        let old = previous[position]
        guard let oldEvent = previousEvent(old, keptBy: &step) else { return step }
        step.previousWasLive = versioning.isLive(oldEvent)
        if versioning.hasExpired(endingAt: oldEvent.endInstant) {
            step.outcome = .removed
            return step
        }
        keep(oldEvent, old, of: &step)
        // A change refused from a verified sender was said when the booking was merged.
        if imported.sender == nil {
            step.diagnostics.append(
                Diagnostic(
                    .warning, .keptUnverified, at: imported.origin,
                    "the event \(oldEvent.summary) is kept as it was: this message, whose sender is not verified, neither changes nor cancels it"))
        }
        return step
    }

    // MARK: - Events the input no longer has

    /// What becomes of an event of the previous feed that no reservation claimed.
    ///
    /// - Parameter inputIsComplete: Whether every input was read; when not, the event is kept as
    ///   it was, since its reservation may be in the input that could not be read.
    ///   - isInInput: Whether a UID is an event this run made from the input: a trip or a
    ///     connection whose bookings are among them (cancelled) is cancelled, whatever
    ///     ``FeedOptions/missing`` says; one whose bookings left the input follows it, as they do.
    func step(missing position: Int, inputIsComplete: Bool, isInInput: (String) -> Bool = { _ in false }) -> Step {
        guard let previous else { return Step() }
        let old = previous[position]
        var step = Step(origin: Origin(file: previous.name))
        guard let event = previousEvent(old, keptBy: &step) else { return step }
        step.uid = event.uid
        step.isDerived = event.isDerived
        step.previousWasLive = versioning.isLive(event)
        let bookingsInInput = event.isDerived && event.relations.contains { isInInput($0.uid) }
        switch versioning.fate(ofMissing: event, inputIsComplete: inputIsComplete, followsBookings: bookingsInInput) {
        case .dropped:
            step.outcome = .removed
        case .kept:
            keep(event, old, of: &step)
        case .tombstoned(let tombstone):
            var attempt = step
            setEntry(tombstone, .cancelled, of: &attempt)
            if case .nothing = attempt.outcome {
                // The tombstone cannot be written (an event edited by hand into something
                // libical cannot write): the event stays as it was rather than being lost.
                keep(event, old, of: &step)
            } else {
                step = attempt
            }
        }
        return step
    }

    /// The event of the previous feed a step would keep; `nil`, and the problem said, when it
    /// cannot be read.
    private func previousEvent(_ old: PreviousFeed.Event, keptBy step: inout Step) -> CalendarEvent? {
        do {
            return try old.event()
        } catch {
            step.diagnostics.append(problem(old, error, "it cannot be kept in the feed"))
            return nil
        }
    }

    /// Keeps a previous event as it was. It is written again from what was read, which gives
    /// this tool's own events back byte for byte and puts an event edited by hand in proper form;
    /// one that cannot be written again (a date libical cannot write) keeps its very bytes, with
    /// a warning, rather than being lost.
    private func keep(_ event: CalendarEvent, _ old: PreviousFeed.Event, of step: inout Step) {
        var attempt = step
        setEntry(event, .unchanged, of: &attempt)
        if case .nothing = attempt.outcome, let text = old.text, let verbatim = form.verbatimEntry(of: event, text: text) {
            step.outcome = .entry(verbatim, .unchanged)
            step.diagnostics.append(problem(old, nil, "it cannot be written again, and is kept exactly as it was"))
        } else {
            step = attempt
        }
    }

    // MARK: - Helpers

    /// Makes the event the step's entry, in the run's form.
    private func setEntry(_ event: CalendarEvent, _ change: EventChange, of step: inout Step) {
        do {
            step.outcome = .entry(try form.entry(of: event, writer: writer, stamp: now), change)
        } catch {
            step.diagnostics.append(Diagnostic(.error, .iCalendar, at: step.origin, "the event cannot be written: \(error)"))
        }
    }

    private func problem(_ old: PreviousFeed.Event, _ error: ICalendarReadError?, _ consequence: String) -> Diagnostic {
        let position = old.line.map { TextPosition(line: $0, column: 1) }
        let label = error.map { "\(old.label) \($0.reason)" } ?? (old.uid.map { "the event \($0)" } ?? old.label)
        return Diagnostic(
            .error, .previousFeed, at: Origin(file: previous?.name ?? "", position: position), "\(label): \(consequence)")
    }
}
