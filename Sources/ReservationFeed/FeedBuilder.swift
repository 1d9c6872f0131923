import ICalendar

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
/// let build = try FeedBuilder().build(from: imported, previous: previous, now: .now)
/// print(build.changes)   // 0 added, 1 updated, 0 cancelled, 0 removed, 7 unchanged
/// let text = try build.feed.iCalendarText()
/// ```
public struct FeedBuilder: Sendable {
    /// The options in force.
    public var options: FeedOptions

    /// Creates a builder.
    public init(options: FeedOptions = FeedOptions()) {
        self.options = options
    }

    /// Makes the feed of the given reservations, as the next version of `previous`.
    ///
    /// Each confirmed reservation becomes one event (pending and held ones only with
    /// ``FeedOptions/includeUnconfirmed``); a new one that already ended is left out, as Siri
    /// does. Two reservations that give the same event UID (the same booking read twice) give one
    /// event: the first in input order is kept, and a warning names both places.
    ///
    /// - Parameters:
    ///   - reservations: The reservations, with where each came from (for messages).
    ///   - previous: The feed as subscribers have it, or `nil` for a new feed.
    ///   - now: The time of this run: the DTSTAMP of new and changed events, and the reference
    ///     for what has ended.
    ///   - inputIsComplete: Whether every input was read without error. When not, events of the
    ///     previous feed that the input lacks are kept as they were: their reservation may be in
    ///     the input that could not be read, and an unreadable file must never cancel an event.
    /// - Throws: ``FeedError/shrink(previousLive:remaining:)`` when the input no longer mentions at
    ///   least half of the previous feed's live events (those not cancelled and not over), unless
    ///   ``FeedOptions/allowShrink`` is set: an empty or half-mounted input folder must not cancel a
    ///   calendar. Bookings the input cancels count as mentioned.
    public func build(
        from reservations: [ImportedReservation], previous: PreviousFeed? = nil, now: Instant, inputIsComplete: Bool = true
    ) throws(FeedError) -> FeedBuild {
        let synthesizer = EventSynthesizer(options: options.synthesis)
        let writer = ICalendarWriter()
        let horizon = now.adding(seconds: -Int64(options.keepPastDays) * 86_400)
        var diagnostics: [Diagnostic] = []
        var skipped: [SkippedReservation] = []
        var changes = FeedChanges()
        var output: [CalendarEvent] = []

        let earlier = Dictionary(previous?.events.map { ($0.uid, $0) } ?? [], uniquingKeysWith: { first, _ in first })
        var seen: [String: SourceLocation] = [:]
        for imported in reservations {
            let result = synthesizer.synthesize(imported.reservation)
            for message in result.messages {
                let severity: Diagnostic.Severity = message.severity == .error ? .error : .warning
                diagnostics.append(Diagnostic(severity, message.code.rawValue, at: imported.location(of: message.field), message.text))
            }
            guard var event = result.event else { continue }
            let status = imported.reservation.status
            if !options.includeUnconfirmed, status == .pending || status == .hold {
                skipped.append(SkippedReservation(origin: imported.origin, title: event.summary, reason: .unconfirmed(status)))
                continue
            }
            if let first = seen[event.uid] {
                diagnostics.append(
                    Diagnostic(.warning, "duplicate-reservation", at: imported.origin, "the same reservation as \(first); kept that one"))
                continue
            }
            seen[event.uid] = imported.origin
            let end = Self.end(of: event)

            guard let old = earlier[event.uid] else {
                if end < now {
                    skipped.append(SkippedReservation(origin: imported.origin, title: event.summary, reason: .ended(end)))
                    continue
                }
                event.stamp = now
                output.append(event)
                changes.added.append(event.uid)
                continue
            }
            if end < horizon {
                changes.removed.append(event.uid)
                continue
            }
            event.sequence = old.sequence
            event.stamp = old.stamp
            event.lastModified = old.lastModified
            if Self.sameText(event, old, writer: writer, now: now) {
                output.append(old)
                changes.unchanged.append(old.uid)
            } else {
                event.sequence = old.sequence + 1
                event.stamp = now
                event.lastModified = now
                output.append(event)
                if event.status == .cancelled, old.status != .cancelled {
                    changes.cancelled.append(event.uid)
                } else {
                    changes.updated.append(event.uid)
                }
            }
        }

        for old in previous?.events ?? [] where seen[old.uid] == nil {
            switch (Self.end(of: old) < horizon, inputIsComplete, options.missing) {
            case (true, _, _), (false, true, .drop):
                changes.removed.append(old.uid)
            case (false, false, _), (false, true, .keep):
                output.append(old)
                changes.unchanged.append(old.uid)
            case (false, true, .cancel) where old.status == .cancelled:
                output.append(old)  // already a tombstone
                changes.unchanged.append(old.uid)
            case (false, true, .cancel):
                output.append(tombstone(of: old, synthesizer: synthesizer, now: now))
                changes.cancelled.append(old.uid)
            }
        }

        // The guard against wipes: live events of the previous feed whose reservations the input no
        // longer mentions at all. A booking the input cancels is not lost; one that vanished may be.
        let previousLive = previous?.events.filter { $0.status != .cancelled && Self.end(of: $0) >= now } ?? []
        let stillMentioned = previousLive.filter { seen[$0.uid] != nil }.count
        if !options.allowShrink, !previousLive.isEmpty, stillMentioned * 2 < previousLive.count {
            throw .shrink(previousLive: previousLive.count, remaining: stillMentioned)
        }

        // Each start is resolved once, not at every comparison.
        output = output.map { (start: $0.start.instant, event: $0) }
            .sorted { ($0.start, $0.event.uid) < ($1.start, $1.event.uid) }
            .map(\.event)
        let feed = Feed(properties: options.calendarProperties, events: output, generated: now)
        return FeedBuild(feed: feed, changes: changes, diagnostics: diagnostics, skipped: skipped)
    }

    /// The previous feed's event, cancelled: the way subscribed calendars learn a booking is gone.
    private func tombstone(of event: CalendarEvent, synthesizer: EventSynthesizer, now: Instant) -> CalendarEvent {
        var event = event
        event.summary = synthesizer.cancelledSummary(event.summary)
        event.status = .cancelled
        event.transparency = .transparent
        event.alarms = []
        event.sequence += 1
        event.stamp = now
        event.lastModified = now
        return event
    }

    /// When an event is over: its end, or its start when it has none.
    static func end(of event: CalendarEvent) -> Instant {
        (event.end ?? event.start).instant
    }

    /// Whether two versions of an event read the same, byte for byte, in the feed.
    private static func sameText(_ new: CalendarEvent, _ old: CalendarEvent, writer: ICalendarWriter, now: Instant) -> Bool {
        guard let newText = try? writer.text(of: new, stamp: now), let oldText = try? writer.text(of: old, stamp: now) else {
            return false
        }
        return newText == oldText
    }
}
