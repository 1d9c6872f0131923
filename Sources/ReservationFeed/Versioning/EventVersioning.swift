import ICalendar

/// The versioning rule: whether an event is unchanged, updated, cancelled, tombstoned or dropped
/// from one version of a feed to the next, and what its SEQUENCE, DTSTAMP and LAST-MODIFIED
/// become.
///
/// Calendars that subscribe to a feed, and CalDAV servers, tell a new version of an event from an
/// old one by its UID and SEQUENCE (RFC 5545, section 3.8.7.4), so the rule is what keeps events
/// updated in place rather than duplicated:
///
/// - An event whose content is what it was (compared as written, without its version
///   properties) is **unchanged**: it keeps its SEQUENCE, DTSTAMP and LAST-MODIFIED, so it is
///   written byte for byte as before.
/// - One whose content changed is **updated**: SEQUENCE + 1, DTSTAMP and LAST-MODIFIED now. It
///   counts as **cancelled** when the change made it cancelled. When its start, end or place
///   moved, the top of its notes says what it was and since when, and keeps the last three such
///   lines from version to version (`CalendarEvent.changeNotes`).
/// - One whose reservation left the input follows ``MissingEventPolicy``: **tombstoned**
///   (cancelled, free time, no alarms, SEQUENCE + 1), kept as it was, or **dropped**. When not every
///   input could be read, it is kept: its reservation may be in what could not be read.
/// - One that ended more than ``FeedOptions/keepPastDays`` ago leaves the feed; a new one that
///   already ended never enters it.
///
/// ``FeedBuilder`` applies it for every feed: the file `generate` writes, the one `serve` serves,
/// and the calendar `publish` keeps in step (whose previous version is the calendar itself).
struct EventVersioning: Sendable {
    /// The time of the run: the DTSTAMP and LAST-MODIFIED of new versions.
    let now: Instant
    /// Events that ended before this leave the feed.
    let horizon: Instant
    /// What becomes of events whose reservation left the input.
    let missing: MissingEventPolicy
    /// Writes single events, to compare contents as written.
    let writer = ICalendarWriter(concurrency: 1)
    /// The title of a cancelled event, in the feed's language.
    private let cancelledSummary: @Sendable (String) -> String
    /// The lines that say what moved from one version of an event to the next, in the feed's
    /// language (`EventSynthesizer.changeNotes(from:to:on:)`).
    private let changeNotes: @Sendable (_ old: CalendarEvent, _ new: CalendarEvent, _ now: Instant) -> [String]

    /// An event of the previous feed as the feed's view may show it (`EventSynthesizer.shownInView(_:)`),
    /// which its tombstone is made from.
    private let shownInView: @Sendable (CalendarEvent) -> CalendarEvent

    init(
        options: FeedOptions, now: Instant, cancelledSummary: @escaping @Sendable (String) -> String,
        changeNotes: @escaping @Sendable (CalendarEvent, CalendarEvent, Instant) -> [String] = { _, _, _ in [] },
        shownInView: @escaping @Sendable (CalendarEvent) -> CalendarEvent = { $0 }
    ) {
        self.shownInView = shownInView
        self.now = now
        horizon = now.adding(seconds: -Int64(options.keepPastDays) * 86_400)
        missing = options.missing
        self.cancelledSummary = cancelledSummary
        self.changeNotes = changeNotes
    }

    // MARK: - Whether an event still belongs

    /// Whether an event counts for subscribers: not cancelled and not over.
    func isLive(_ event: CalendarEvent) -> Bool {
        event.status != .cancelled && event.endInstant >= now
    }

    /// Whether an event that ends at `end` has left the feed: it ended more than
    /// ``FeedOptions/keepPastDays`` ago.
    func hasExpired(endingAt end: Instant) -> Bool {
        end < horizon
    }

    // MARK: - Versions of an event the input has

    /// The first version of an event: stamped now, SEQUENCE 0; `nil` when it is already over,
    /// since a new event that ended is left out, as Siri does.
    func firstVersion(of event: CalendarEvent) -> CalendarEvent? {
        guard event.endInstant >= now else { return nil }
        var event = event
        event.stamp = now
        return event
    }

    /// The event with the previous version's properties: what it is written as when nothing
    /// changed, to compare with the previous text byte for byte.
    func unchangedVersion(of event: CalendarEvent, sequence: Int, stamp: Instant?, lastModified: Instant?) -> CalendarEvent {
        var event = event
        event.sequence = sequence
        event.stamp = stamp
        event.lastModified = lastModified
        return event
    }

    /// What the next version of `previous` is, when the input gives `event` for it.
    enum Revision {
        /// Nothing changed: the previous event, and its text as written now.
        case unchanged(CalendarEvent, text: [UInt8])
        /// The new version, ``EventChange/updated`` or ``EventChange/cancelled``.
        case changed(CalendarEvent, EventChange)
    }

    /// The next version of `previous`, now that the input gives `event` for it.
    ///
    /// Learning whose mail made the booking (``EventModel/CalendarEvent/bookedBy``, which feeds
    /// written before it was remembered lack) is no change for subscribers: the event takes the
    /// maker, and keeps its version.
    func revision(of previous: CalendarEvent, to event: CalendarEvent) -> Revision {
        // What changed before is part of the event: it stays, and is no change.
        var event = event
        event.changeNotes = previous.changeNotes
        var candidate = unchangedVersion(
            of: event, sequence: previous.sequence, stamp: previous.stamp, lastModified: previous.lastModified)
        let learnsMaker = previous.bookedBy == nil && event.bookedBy != nil
        if learnsMaker { candidate.bookedBy = nil }
        if let oldText = try? writer.eventText(previous, stamp: now), let newText = try? writer.eventText(candidate, stamp: now),
            oldText == newText
        {
            guard learnsMaker else { return .unchanged(previous, text: oldText) }
            var kept = previous
            kept.bookedBy = event.bookedBy
            if let text = try? writer.eventText(kept, stamp: now) { return .unchanged(kept, text: text) }
            return .unchanged(previous, text: oldText)
        }
        var next = event
        next.changeNotes = Array((changeNotes(previous, event, now) + previous.changeNotes).prefix(EventSynthesizer.changeNotesKept))
        next.sequence = previous.sequence + 1
        next.stamp = now
        next.lastModified = now
        return .changed(next, event.status == .cancelled && previous.status != .cancelled ? .cancelled : .updated)
    }

    /// The version of an event that replaces a previous one that cannot be read: a SEQUENCE
    /// above the one it had makes calendars take it.
    func replacement(_ event: CalendarEvent, ofUnreadableAt previousSequence: Int?) -> CalendarEvent {
        var event = event
        event.sequence = (previousSequence ?? -1) + 1
        event.stamp = now
        event.lastModified = now
        return event
    }

    // MARK: - Events the input no longer has

    /// What becomes of an event of the previous feed that the input no longer has.
    enum Fate: Equatable {
        /// It leaves the feed.
        case dropped
        /// It stays as it was.
        case kept
        /// It stays, cancelled: see ``tombstone(of:)``.
        case tombstoned(CalendarEvent)
    }

    /// The fate of `event`, which no reservation of the input gives.
    ///
    /// - Parameters:
    ///   - inputIsComplete: Whether every input was read; when not, the event is kept as it was.
    ///   - followsBookings: Whether the event is a trip or a connection whose bookings the input
    ///     still has, cancelled: it is cancelled as they are, whatever ``MissingEventPolicy``
    ///     says of events whose bookings left the input.
    func fate(ofMissing event: CalendarEvent, inputIsComplete: Bool, followsBookings: Bool = false) -> Fate {
        switch (hasExpired(endingAt: event.endInstant), inputIsComplete, followsBookings ? .cancel : missing) {
        case (true, _, _), (false, true, .drop): .dropped
        case (false, false, _), (false, true, .keep): .kept
        case (false, true, .cancel) where event.status == .cancelled: .kept  // already a tombstone
        case (false, true, .cancel): .tombstoned(tombstone(of: event))
        }
    }

    /// The event, cancelled: the way subscribed calendars learn a booking is gone. Its title says
    /// so, its time is free, its alarms are gone, and its SEQUENCE rises. It shows what the
    /// feed's view may show, whatever the previous file held.
    func tombstone(of event: CalendarEvent) -> CalendarEvent {
        var event = shownInView(event)
        event.summary = cancelledSummary(event.summary)
        event.status = .cancelled
        event.transparency = .transparent
        event.alarms = []
        event.travelTime = nil
        event.sequence += 1
        event.stamp = now
        event.lastModified = now
        return event
    }
}
