/// A zone as a document defines it rather than names it: the UTC offsets an invitation's own
/// VTIMEZONE gives (Outlook's `W. Europe Standard Time`, Exchange's `(UTC+01:00) Amsterdam,
/// Berlin, …`) over a span of time, as the offset in force at the span's start and each change
/// within it.
///
/// It is what a calendar file says its times mean, so that the IANA zone its name stands for can
/// be checked against it: ``disagreement(with:from:to:)`` finds where the two keep different
/// clocks.
public struct DeclaredZone: Sendable, Hashable {
    /// A change of the declared offset.
    public struct Change: Sendable, Hashable {
        /// When the new offset takes effect.
        public let instant: Instant
        /// The offset from then on.
        public let offset: UTCOffset

        /// Creates a change.
        public init(instant: Instant, offset: UTCOffset) {
            self.instant = instant
            self.offset = offset
        }
    }

    /// Where the declared zone and an IANA zone first keep different clocks.
    public struct Disagreement: Sendable, Hashable {
        /// The first instant at which they differ.
        public let instant: Instant
        /// The declared offset then.
        public let declared: UTCOffset
        /// The IANA zone's offset then; `nil` when the zone is not in the tz database.
        public let zone: UTCOffset?
    }

    /// The zone's name in its document (an iCalendar TZID).
    public let name: String
    /// The start of the span the offsets cover.
    public let start: Instant
    /// The end of the span (excluded).
    public let end: Instant
    /// The offset in force at `start`.
    let initialOffset: UTCOffset
    /// The changes after `start` and before `end`, in order.
    public let changes: [Change]

    /// A declared zone from its offsets.
    public init(name: String, from start: Instant, to end: Instant, initialOffset: UTCOffset, changes: [Change]) {
        self.name = name
        self.start = start
        self.end = end
        self.initialOffset = initialOffset
        self.changes = changes.filter { $0.instant > start && $0.instant < end }.sorted { $0.instant < $1.instant }
    }

    /// A declared zone read from a function that gives its offset at any instant (a VTIMEZONE's
    /// rules as a calendar library expands them), or `nil` when it gives none at `start`.
    ///
    /// The offset is read once a day and, where two readings differ, the change is found to the
    /// second by halving: no zone has changed its clocks twice within a day.
    public init?(name: String, from start: Instant, to end: Instant, offset: (Instant) -> UTCOffset?) {
        guard let first = offset(start) else { return nil }
        let day: Int64 = 86_400
        var changes: [Change] = []
        var previous = (instant: start.secondsSinceEpoch, offset: first)
        var next = start.secondsSinceEpoch
        while previous.instant < end.secondsSinceEpoch {
            next = min(next + day, end.secondsSinceEpoch)
            guard let reading = offset(Instant(secondsSinceEpoch: next)) else { break }
            if reading != previous.offset {
                // The first second with the new offset: after `low`, at or before `high`.
                var low = previous.instant
                var high = next
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if offset(Instant(secondsSinceEpoch: middle)) == previous.offset { low = middle } else { high = middle }
                }
                changes.append(Change(instant: Instant(secondsSinceEpoch: high), offset: reading))
            }
            previous = (next, reading)
        }
        self.init(name: name, from: start, to: end, initialOffset: first, changes: changes)
    }

    /// The declared offset at `instant` (the first or last one known outside the span).
    public func offset(at instant: Instant) -> UTCOffset {
        changes.last { $0.instant <= instant }?.offset ?? initialOffset
    }

    /// Where the IANA zone `zone` keeps other clocks than this one from `from` to `to` (the part
    /// of it within the declared span): the first instant at which the offsets differ, or `nil`
    /// when they agree throughout. Both keep their offset between their changes, so comparing at
    /// the start and at every change of either is exact. A difference that lasts less than a
    /// minute is none: Outlook writes a change at midnight as `T235959`.
    public func disagreement(with zone: String, from: Instant, to: Instant) -> Disagreement? {
        let from = max(from, start)
        let to = min(to, end)
        guard from < to else { return nil }
        guard let transitions = TimeZoneRules.transitions(in: zone, from: from, to: to) else {
            return Disagreement(instant: from, declared: offset(at: from), zone: nil)
        }
        var moments = [from] + transitions.map(\.instant)
        moments += changes.lazy.map(\.instant).filter { $0 > from && $0 < to }
        for moment in moments.sorted() {
            let declared = offset(at: moment)
            let kept = TimeZoneRules.offset(in: zone, at: moment)
            guard kept != declared else { continue }
            let later = Instant(secondsSinceEpoch: moment.secondsSinceEpoch + 60)
            if later < to, offset(at: later) == TimeZoneRules.offset(in: zone, at: later) { continue }
            return Disagreement(instant: moment, declared: declared, zone: kept)
        }
        return nil
    }
}
