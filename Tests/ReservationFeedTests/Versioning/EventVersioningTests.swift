import Testing

@testable import ReservationFeed

@Suite("The versioning rule")
struct EventVersioningTests {
    private static let now = Instant(secondsSinceEpoch: 1_900_000_000)
    private static let earlier = Instant(secondsSinceEpoch: 1_800_000_000)

    private func rule(_ missing: MissingEventPolicy = .cancel, keepPastDays: Int = 7) -> EventVersioning {
        var options = FeedOptions()
        options.missing = missing
        options.keepPastDays = keepPastDays
        return EventVersioning(options: options, now: Self.now, cancelledSummary: { "Cancelled: " + $0 })
    }

    /// A dinner `days` from now (negative: in the past), as the previous run wrote it.
    private func dinner(inDays days: Int64, sequence: Int = 2) throws -> CalendarEvent {
        let start = Self.now.adding(seconds: days * 86_400)
        return CalendarEvent(
            uid: "dinner", summary: "Restaurant · EPIC Steak", start: .utc(LocalDateTime(secondsSinceEpoch: start.secondsSinceEpoch)),
            end: .utc(LocalDateTime(secondsSinceEpoch: start.secondsSinceEpoch + 7_200)), status: .confirmed,
            alarms: [EventAlarm(trigger: .beforeStart(seconds: 3_600), message: "Dinner")], sequence: sequence,
            stamp: Self.earlier, lastModified: Self.earlier)
    }

    @Test("the same content keeps SEQUENCE, DTSTAMP and LAST-MODIFIED, whatever the new event carries")
    func unchanged() throws {
        let previous = try dinner(inDays: 3)
        var again = previous
        again.sequence = 0
        again.stamp = nil
        again.lastModified = nil
        guard case .unchanged(let kept, _) = rule().revision(of: previous, to: again) else {
            Issue.record("not unchanged")
            return
        }
        #expect(kept == previous)
    }

    @Test("changed content: SEQUENCE + 1, DTSTAMP and LAST-MODIFIED now")
    func updated() throws {
        let previous = try dinner(inDays: 3)
        var moved = previous
        moved.summary = "Restaurant · EPIC Steak (moved)"
        guard case .changed(let next, let change) = rule().revision(of: previous, to: moved) else {
            Issue.record("not changed")
            return
        }
        #expect(change == .updated)
        #expect(next.sequence == 3)
        #expect(next.stamp == Self.now)
        #expect(next.lastModified == Self.now)
        #expect(next.summary == moved.summary)
    }

    @Test("a change to cancelled is a cancellation; a cancelled event changing again is an update")
    func cancelled() throws {
        let previous = try dinner(inDays: 3)
        var cancelled = previous
        cancelled.status = .cancelled
        guard case .changed(let next, .cancelled) = rule().revision(of: previous, to: cancelled) else {
            Issue.record("not a cancellation")
            return
        }
        var renamed = next
        renamed.summary = "Cancelled dinner"
        guard case .changed(_, .updated) = rule().revision(of: next, to: renamed) else {
            Issue.record("not an update")
            return
        }
    }

    @Test("an unreadable previous version is replaced above its SEQUENCE, or at 0 when none was read")
    func replacement() throws {
        let event = try dinner(inDays: 3, sequence: 0)
        #expect(rule().replacement(event, ofUnreadableAt: 4).sequence == 5)
        #expect(rule().replacement(event, ofUnreadableAt: nil).sequence == 0)
        #expect(rule().replacement(event, ofUnreadableAt: nil).stamp == Self.now)
    }

    @Test("a missing event is tombstoned, kept or dropped by policy; kept when input was unreadable; dropped once long over")
    func missing() throws {
        let coming = try dinner(inDays: 3)
        guard case .tombstoned(let tombstone) = rule(.cancel).fate(ofMissing: coming, inputIsComplete: true) else {
            Issue.record("not tombstoned")
            return
        }
        #expect(tombstone.status == .cancelled)
        #expect(tombstone.summary == "Cancelled: Restaurant · EPIC Steak")
        #expect(tombstone.transparency == .transparent)
        #expect(tombstone.alarms.isEmpty)
        #expect(tombstone.sequence == 3)
        #expect(tombstone.stamp == Self.now)
        #expect(rule(.cancel).fate(ofMissing: tombstone, inputIsComplete: true) == .kept)
        #expect(rule(.keep).fate(ofMissing: coming, inputIsComplete: true) == .kept)
        #expect(rule(.drop).fate(ofMissing: coming, inputIsComplete: true) == .dropped)
        for policy in MissingEventPolicy.allCases {
            #expect(rule(policy).fate(ofMissing: coming, inputIsComplete: false) == .kept)
            #expect(rule(policy, keepPastDays: 7).fate(ofMissing: try dinner(inDays: -8), inputIsComplete: false) == .dropped)
        }
        #expect(rule(.drop, keepPastDays: 7).fate(ofMissing: try dinner(inDays: -6), inputIsComplete: false) == .kept)
    }

    @Test("a new event is stamped now at SEQUENCE 0; a new one already over never enters the feed")
    func firstVersion() throws {
        var coming = try dinner(inDays: 3, sequence: 0)
        coming.stamp = nil
        #expect(rule().firstVersion(of: coming)?.stamp == Self.now)
        #expect(rule().firstVersion(of: coming)?.sequence == 0)
        #expect(rule().firstVersion(of: try dinner(inDays: -1, sequence: 0)) == nil)
    }

    @Test("live means neither cancelled nor over")
    func live() throws {
        #expect(rule().isLive(try dinner(inDays: 1)))
        #expect(!rule().isLive(try dinner(inDays: -1)))
        var cancelled = try dinner(inDays: 1)
        cancelled.status = .cancelled
        #expect(!rule().isLive(cancelled))
    }
}
