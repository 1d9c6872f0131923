import Diagnostics
import Foundation
import ReservationFeed

/// Decides what a publishing run does, from the reservations, the calendar as listed and what
/// the previous run remembered: pure, without the network, so every rule is tested on values.
///
/// The events themselves come from ``FeedBuilder``, with the calendar's published events as the
/// previous feed: the same rule as the feed's decides what is unchanged, what is updated (SEQUENCE
/// + 1), what is cancelled and what is dropped. On top of it, publishing adds what a calendar a
/// person uses needs:
///
/// - Events this package did not publish are never changed, and their UIDs are left to them.
/// - An event someone edited since it was published keeps the edit; when its reservation changed
///   too, the change is reported and not written, unless ``ConflictPolicy/overwrite``.
/// - An event the person deleted is not published again until its reservation changes.
/// - Events that ended stay as they are (a feed lets them go; a calendar keeps its history).
public struct PublishPlanner: Sendable {
    /// The feed's options; ``FeedOptions/keepPastDays`` does not apply (ended events stay).
    public var options: FeedOptions
    /// What to do with edited events whose reservation changed.
    public var onConflict: ConflictPolicy
    /// How many threads make events.
    public var concurrency: Int

    /// Creates a planner.
    public init(options: FeedOptions = FeedOptions(), onConflict: ConflictPolicy = .keep, concurrency: Int = 1) {
        self.options = options
        self.onConflict = onConflict
        self.concurrency = concurrency
    }

    /// Plans a run.
    ///
    /// - Parameters:
    ///   - reservations: What the inputs hold.
    ///   - inputIsComplete: Whether every input was read; when not, nothing is cancelled or
    ///     dropped for missing from the input (see ``FeedBuilder``).
    ///   - withheld: Reservations of e-mails whose sender is not verified: they publish, change and
    ///     cancel nothing, and the calendar's events they name stay as they are.
    ///   - remote: Every event resource of the calendar.
    ///   - state: What the previous run remembered.
    ///   - now: The time of the run.
    /// - Throws: ``PublishError/feed(_:)`` when the calendar would lose more than half of its
    ///   live events (``FeedOptions/allowShrink``).
    public func plan(
        _ reservations: [ImportedReservation], inputIsComplete: Bool = true, withheld: [ImportedReservation] = [], remote: [RemoteEvent],
        state: PublishState, now: Instant
    ) throws(PublishError) -> PublishPlan {
        var plan = PublishPlan(state: PublishState(calendar: state.calendar))

        // The calendar's events: this package's, by UID (the first of a repeated UID), and the
        // UIDs others hold.
        var published: [String: RemoteEvent] = [:]
        var previousEvents: [CalendarEvent] = []
        var othersUIDs: Set<String> = []
        for resource in remote {
            guard let event = resource.event else { continue }
            guard resource.isPublished else {
                othersUIDs.insert(event.uid)
                continue
            }
            guard published[event.uid] == nil else {
                plan.diagnostics.append(
                    Diagnostic(.warning, .repeatedUID, at: Origin(.resource(resource.url.absoluteString)),
                        "holds the event \(event.uid) a second time; left as it is"))
                continue
            }
            published[event.uid] = resource
            previousEvents.append(event)
        }
        othersUIDs.subtract(published.keys)

        // A state none of whose published events are in the calendar describes another one (the
        // calendar was emptied or made again): its memory of deletions does not apply.
        let remembered = state.events.filter { !$0.value.deletedInCalendar }
        let stateApplies = remembered.count < 2 || remembered.keys.contains { published[$0] != nil }
        if !stateApplies {
            plan.diagnostics.append(
                Diagnostic(.warning, .stateNotApplied, at: Origin(.resource(state.calendar)),
                    "none of the \(remembered.count) events the last run published are in the calendar any more: the calendar was emptied or made again, so every event is published again"))
        }
        let records = stateApplies ? state.events : [:]

        var feedOptions = options
        feedOptions.keepPastDays = 0
        let build: FeedBuildResult
        do {
            build = try FeedBuilder(options: feedOptions, concurrency: concurrency).build(
                from: reservations, previous: PreviousFeed(events: previousEvents, name: state.calendar), now: now,
                inputIsComplete: inputIsComplete, withheld: withheld)
        } catch {
            throw .feed(error)
        }
        plan.diagnostics += build.diagnostics
        let changes = build.changes
        let kind = changes.byUID

        for event in build.feed.events {
            guard let digest = ContentDigest.of(event) else { continue }
            let marked = PublishedEvent(event, digest: digest)
            let uid = event.uid
            let record = records[uid]
            switch kind[uid] ?? .unchanged {
            case .added:
                if othersUIDs.contains(uid) {
                    plan.diagnostics.append(
                        Diagnostic(.warning, .heldByAnother, at: Origin(.resource(state.calendar)),
                            "the event \(uid) (\(event.summary)) is in the calendar without ReservationFeed's mark (edited by another program?): left as it is"))
                } else if let record, record.digest == digest {
                    // Published before and no longer in the calendar: the person deleted it.
                    plan.keptDeleted.append(uid)
                    plan.state.events[uid] = PublishState.Record(digest: digest, entityTag: nil, deletedInCalendar: true)
                } else {
                    plan.actions.append(.create(marked))
                }
            case .unchanged, .removed:
                plan.unchanged.append(uid)
                if let resource = published[uid] { remember(resource, record, in: &plan) }
            case .updated, .cancelled:
                guard let resource = published[uid] else { continue }
                let cancelling = kind[uid] == .cancelled
                if resource.isEdited(since: record) {
                    remember(resource, record, in: &plan)
                    if resource.publishedDigest == digest {
                        plan.keptEdited.append(uid)
                        continue
                    }
                    guard onConflict == .overwrite else {
                        plan.conflicts.append(conflict(resource, event, cancelling ? "its booking was cancelled" : "its reservation changed"))
                        continue
                    }
                }
                plan.actions.append(.update(marked, of: resource, cancelling: cancelling))
            }
        }

        // Published events that left the feed: ended ones stay, dropped ones go.
        for uid in changes.removed {
            guard let resource = published[uid], let event = resource.event else { continue }
            if event.endInstant < now {
                plan.ended.append(uid)
                continue
            }
            if resource.isEdited(since: records[uid]), onConflict != .overwrite {
                remember(resource, records[uid], in: &plan)
                plan.conflicts.append(conflict(resource, event, "its reservation left the input (\(setting: Setting("missing", "drop")))"))
                continue
            }
            plan.actions.append(.delete(resource, uid: uid))
        }
        return plan
    }

    /// Keeps what is known of an event left as it is: its current ETag when nobody edited it,
    /// else what the last run recorded (so the edit is still recognised next time).
    private func remember(_ resource: RemoteEvent, _ record: PublishState.Record?, in plan: inout PublishPlan) {
        guard let event = resource.event, let digest = resource.publishedDigest else { return }
        if resource.isEdited(since: record) {
            plan.state.events[event.uid] = record ?? PublishState.Record(digest: digest, entityTag: nil)
        } else {
            plan.state.events[event.uid] = PublishState.Record(digest: digest, entityTag: resource.entityTag)
        }
    }

    private func conflict(_ resource: RemoteEvent, _ event: CalendarEvent, _ what: DiagnosticMessage) -> Diagnostic {
        Diagnostic(
            .warning, .editedInCalendar, at: Origin(.resource(resource.url.absoluteString)),
            "\(event.summary): edited in the calendar since it was published, and \(what): left as the person made it (\(setting: Setting("on-conflict", "overwrite")) replaces it)")
    }
}
