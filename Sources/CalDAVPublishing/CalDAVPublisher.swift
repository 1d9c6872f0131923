import Basics
import CalDAV
import Diagnostics
import Foundation
import Parallel
import ReservationFeed

/// Keeps the events of reservations in step inside a CalDAV calendar (`reservation-feed
/// publish`): each event its own resource, written only when its content changed.
///
/// A run reads the inputs, lists the calendar (one `REPORT`), plans with ``PublishPlanner`` and
/// makes the writes, a few at a time, each under a precondition: `If-None-Match: *` to create,
/// `If-Match` to replace or delete. A write refused with 412 is read back: when the calendar
/// already holds what the run meant to write (a retry, another run), it counts as done;
/// otherwise someone changed the event meanwhile, and it is left. A server that stops answering
/// ends the run after one retry; the writes not made are reported, and the next run makes them
/// without duplicating any event (the resource names come from the UIDs).
///
/// ```swift
/// let client = CalDAVClient(calendar: url, credentials: .init(user: "ada", password: secret))
/// let publisher = CalDAVPublisher(client: client, statePath: PublishState.defaultPath(calendar: url, user: "ada"))
/// let report = try await publisher.publish(inputs: ["bookings"], now: .now) { print($0) }
/// print(report.summary)
/// ```
public struct CalDAVPublisher: Sendable {
    /// The calendar.
    public var client: CalDAVClient
    /// What to publish and how.
    public var planner: PublishPlanner
    /// Which files folders contribute.
    public var discovery: InputDiscovery
    /// How files are read.
    public var importer: ReservationImporter
    /// How IMAP folders among the inputs are read.
    public var mailboxes = MailboxInputs()
    /// Where the run's memory is kept (``PublishState``).
    public var statePath: String
    /// How long to wait for another run publishing to the same calendar, in seconds.
    public var lockWait: Int
    /// How long to wait before trying a failed write again, in seconds; it doubles at each try.
    var retryDelay: Double = 0.5
    /// How many times a write is tried when it fails for a reason that may pass.
    public var attempts = 3
    /// The busy answers the client waited out (``CalDAVClient/waitedForBusy``).
    private let busyWaits: Locked<Int>
    /// The longest `Retry-After` a busy server's answer is waited out for within a run, in
    /// seconds; a longer one ends the run's writes, for the next run (or `--follow`'s wait).
    public var longestBusyWait = 60
    /// Whether the calendar is listed with `sync-collection` (RFC 6578) where the server offers
    /// it: only what changed since the last run travels, against a ``CalendarMirror`` beside the
    /// state. Otherwise, or when the server does not offer it, every event is listed.
    public var usesSync = true
    /// Whether the calendar was just made (or, in a dry run, is still to be made): it holds
    /// nothing, and is not listed.
    public var calendarIsNew = false
    /// Told how many of the run's writes are done, of how many, as each one ends: a first run
    /// into an empty calendar is thousands of them.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    /// Creates a publisher.
    public init(
        client: CalDAVClient, planner: PublishPlanner = PublishPlanner(), discovery: InputDiscovery = InputDiscovery(),
        importer: ReservationImporter = ReservationImporter(), statePath: String, lockWait: Int = 60
    ) {
        // Busy answers waited out by the client count in the report too.
        let (busyWaits, told) = (Locked(0), client.waitedForBusy)
        var client = client
        client.waitedForBusy = { seconds in
            busyWaits.withLock { $0 += 1 }
            told?(seconds)
        }
        self.busyWaits = busyWaits
        self.client = client
        self.planner = planner
        self.discovery = discovery
        self.importer = importer
        self.statePath = statePath
        self.lockWait = lockWait
    }

    /// Publishes the reservations of `inputs`.
    ///
    /// - Parameters:
    ///   - now: The time of the run.
    ///   - dryRun: Plan only: nothing is written, the state included.
    ///   - report: Receives each message as soon as it is known.
    /// - Returns: What was done; ``PublishReport/exitStatus`` says how it went.
    /// - Throws: ``PublishError`` when nothing could be done.
    public func publish(
        inputs: [String], now: Instant, dryRun: Bool = false, report: (Diagnostic) -> Void = { _ in }
    ) async throws(PublishError) -> PublishReport {
        let calendar = client.calendar.absoluteString
        busyWaits.withLock { $0 = 0 }
        do {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: statePath).deletingLastPathComponent().path, withIntermediateDirectories: true)
        } catch {
            throw .state(path: statePath, reason: "cannot be written: \(error.localizedDescription)")
        }
        // Two runs on one calendar from this machine take turns.
        let lock: FeedLock
        do {
            lock = try FeedLock.acquire(for: statePath, waiting: lockWait)
        } catch {
            throw .feed(error)
        }
        defer { withExtendedLifetime(lock) {} }

        // The state and its mirror are this run's own, never its inputs.
        var discovery = self.discovery
        discovery.excludeOwnOutput(statePath)
        discovery.excludeOwnOutput(CalendarMirror.path(besideState: statePath))
        let inputReading = InputReading(discovery: discovery, importer: importer, mailboxes: mailboxes)
        var reading: (inputCount: Int, result: ImportResult)
        do {
            reading = try inputReading.read(inputs, report: report)
        } catch {
            throw .feed(error)
        }
        var remote: [RemoteEvent] = []
        var mirror: CalendarMirror?
        var outside: [Diagnostic] = []
        if !calendarIsNew {
            do {
                try await client.checkCalendar()
                let listing = try await listing()
                mirror = listing.mirror
                // What a listing names outside the calendar is never written to or deleted.
                outside = Set(listing.outside).sorted().map { href in
                    Diagnostic(
                        .warning, .outsideCalendar, at: Origin(.resource(href)),
                        "the calendar's listing names this resource, which is outside the calendar (\(client.calendar.absoluteString)): left alone")
                }
                outside.forEach(report)
                // Read on every core: a calendar of 20,000 events is that many documents.
                remote = Parallel.map(listing.resources, concurrency: planner.concurrency) {
                    RemoteEvent(url: $0.url, entityTag: $0.entityTag, calendarData: $0.calendarData)
                }
            } catch {
                throw .calendar(error)
            }
        }
        // Whose mail made each booking, as the events this package published remember it.
        var makers: [String: SenderPolicy.Remembered] = [:]
        for resource in remote where resource.isPublished {
            if let event = resource.event, makers[event.uid] == nil { makers[event.uid] = event.bookedBy.map { .organization($0) } ?? .unrecorded }
        }
        var keys = inputReading.admit(
            &reading.result, makers: makers, view: planner.options.synthesis.view, viewKey: planner.options.synthesis.viewKey, report: report)
        TravellerSelection(planner.options.travellers)?.select(&reading.result, keys: &keys, report: report)
        let state = try PublishState.load(statePath, calendar: calendar)
        let plan = try planner.plan(
            reading.result.reservations, inputIsComplete: !reading.result.hasErrors, withheld: reading.result.withheld, remote: remote,
            state: state, now: now)
        (plan.diagnostics + plan.conflicts).forEach(report)

        var result = PublishReport(calendar: calendar, plan: plan)
        result.inputCount = reading.inputCount
        result.reservationCount = reading.result.reservations.count
        result.dryRun = dryRun
        result.diagnostics = reading.result.diagnostics + outside + plan.diagnostics + plan.conflicts
        if dryRun { return result }

        let (outcomes, busyAnswers) = await perform(plan.actions, now: now)
        result.busyAnswers = busyAnswers + busyWaits.withLock { $0 }
        var saved = plan.state
        for (action, outcome) in zip(plan.actions, outcomes) {
            // What the last run knew stays known until a write replaces it.
            saved.events[action.uid] = state.events[action.uid]
            switch outcome {
            case .done(let entityTag):
                result.done.append(action)
                saved.record(action, entityTag: entityTag)
            case .deletedInCalendar:
                if let published = action.published {
                    saved.events[action.uid] = PublishState.Record(digest: published.digest, entityTag: nil, deletedInCalendar: true)
                }
                result.plan.keptDeleted.append(action.uid)
            case .changedMeanwhile(let url):
                let message = Diagnostic(
                    .warning, .editedInCalendar, at: Origin(.resource(url)),
                    "changed in the calendar while this run worked: left as it is (the next run looks again)")
                result.changedMeanwhile.append(message)
                result.diagnostics.append(message)
                report(message)
            case .failed(let error):
                result.failures.append(.init(action: action, error: error))
                let message = Diagnostic(.error, .calDAV, at: Origin(.resource(error.url)), "\(action.verb) \(action.uid): \(error.reason)")
                result.diagnostics.append(message)
                report(message)
            case .notAttempted:
                result.notAttempted.append(action)
            }
        }
        try saved.save(statePath)
        // What this run wrote comes back as changes next time; a mirror that cannot be written
        // costs the next run a full listing, nothing else.
        try? mirror?.save(CalendarMirror.path(besideState: statePath))
        return result
    }

    /// The calendar's resources: what changed since the mirror's token applied to it, or, where
    /// the server offers no `sync-collection`, a full listing. Sorted by URL, so that a plan
    /// does not depend on the server's order.
    private func listing() async throws(CalDAVError) -> (resources: [CalDAVClient.Resource], mirror: CalendarMirror?, outside: [String]) {
        guard usesSync else {
            let listing = try await client.list()
            return (listing.resources.sorted { $0.url.absoluteString < $1.url.absoluteString }, nil, listing.outside)
        }
        let calendar = client.calendar.absoluteString
        var mirror = CalendarMirror.load(CalendarMirror.path(besideState: statePath), calendar: calendar, members: client.members)
        var changes: CalDAVClient.Changes?
        do {
            changes = try await client.changes(since: mirror?.token)
        } catch .syncTokenRefused {
            mirror = nil
            changes = try await client.changes(since: nil)
        }
        guard let changes else {
            // No sync-collection here, or not for so many changes at once: a full listing, and,
            // when the server keeps a sync token, a new mirror from it (taken first, so that
            // what changes meanwhile comes again next time).
            let token = try await client.syncToken()
            let listing = try await client.list()
            let resources = listing.resources.sorted { $0.url.absoluteString < $1.url.absoluteString }
            guard let token else { return (resources, nil, listing.outside) }
            var fresh = CalendarMirror(calendar: calendar, token: token)
            for resource in resources { fresh.resources[resource.url.absoluteString] = resource }
            return (resources, fresh, listing.outside)
        }
        var updated = mirror ?? CalendarMirror(calendar: calendar, token: changes.token)
        updated.apply(changes)
        return (updated.resources.keys.sorted().map { updated.resources[$0]! }, updated, changes.outside)
    }

    // MARK: - Writes

    /// What became of one write.
    enum Outcome: Sendable {
        case done(entityTag: String?)
        /// The resource to update was gone: the person deleted it meanwhile.
        case deletedInCalendar
        case changedMeanwhile(url: String)
        case failed(CalDAVError)
        case notAttempted
    }

    /// Makes the writes, ``CalDAVClient/maximumConcurrentRequests`` at a time, and stops starting
    /// new ones once the server refuses the credentials or stops answering; also how many
    /// answers asked to wait (``CalDAVError/busy(url:status:retryAfter:)``) and were waited out.
    func perform(_ actions: [PublishPlan.Action], now: Instant) async -> (outcomes: [Outcome], busyAnswers: Int) {
        var outcomes = [Outcome](repeating: .notAttempted, count: actions.count)
        var busyAnswers = 0
        await withTaskGroup(of: (Int, Outcome, Int).self) { group in
            var next = 0
            var running = 0
            var done = 0
            var stopped = false
            while true {
                while !stopped, running < CalDAVClient.maximumConcurrentRequests, next < actions.count {
                    let index = next
                    group.addTask {
                        let (outcome, busy) = await self.perform(actions[index], now: now)
                        return (index, outcome, busy)
                    }
                    next += 1
                    running += 1
                }
                guard let (index, outcome, busy) = await group.next() else { break }
                busyAnswers += busy
                running -= 1
                done += 1
                progress?(done, actions.count)
                outcomes[index] = outcome
                if case .failed(let error) = outcome, error.isServerWide { stopped = true }
            }
        }
        return (outcomes, busyAnswers)
    }

    /// One write, tried again after a failure that may pass, waiting longer each time (with some
    /// jitter, so that writes refused together do not come back together), and at least as long
    /// as a busy server asks (`Retry-After`, up to ``longestBusyWait``). Trying again is safe:
    /// every write carries its precondition, and a 412 is settled by reading back. Also how many
    /// busy answers were waited out.
    private func perform(_ action: PublishPlan.Action, now: Instant) async -> (Outcome, busy: Int) {
        var outcome = await attempt(action, now: now)
        var delay = retryDelay
        var busy = 0
        for _ in 1..<max(1, attempts) {
            guard case .failed(let error) = outcome, error.isTransient else { break }
            var wait = delay * Double.random(in: 0.75...1.25)
            if case .busy(_, _, let retryAfter) = error {
                guard (retryAfter ?? 0) <= longestBusyWait else { break }
                wait = max(wait, Double(retryAfter ?? 0) * Double.random(in: 1.0...1.25))
                busy += 1
            }
            try? await Task.sleep(nanoseconds: UInt64(wait * 1e9))
            delay *= 2
            outcome = await attempt(action, now: now)
        }
        return (outcome, busy)
    }

    private func attempt(_ action: PublishPlan.Action, now: Instant) async -> Outcome {
        do {
            switch action {
            case .create(let published):
                let name = EventFiles.fileName(for: published.uid)
                do {
                    return .done(entityTag: try await client.create(name, try document(published, now)))
                } catch .preconditionFailed(let url) {
                    return try await settle(URL(string: url) ?? client.calendar.appendingPathComponent(name), wanted: published)
                }
            case .update(let published, let resource, _):
                do {
                    return .done(entityTag: try await client.replace(resource.url, try document(published, now), entityTag: resource.entityTag))
                } catch .preconditionFailed {
                    return try await settle(resource.url, wanted: published)
                } catch .notFound {
                    return .deletedInCalendar
                }
            case .delete(let resource, _):
                do {
                    try await client.delete(resource.url, entityTag: resource.entityTag)
                    return .done(entityTag: nil)
                } catch .preconditionFailed {
                    return try await settle(resource.url, wanted: nil)
                }
            }
        } catch {
            return .failed(error)
        }
    }

    /// After a 412: done when the calendar holds what was wanted (`nil`: nothing), else changed
    /// by someone meanwhile.
    private func settle(_ url: URL, wanted: PublishedEvent?) async throws(CalDAVError) -> Outcome {
        let current = try await client.event(at: url)
        let resource = current.map { RemoteEvent(url: url, entityTag: $0.entityTag, calendarData: $0.calendarData) }
        if let wanted {
            if let resource, let event = resource.event, resource.publishedDigest == wanted.digest, event.sequence >= wanted.event.sequence {
                return .done(entityTag: current?.entityTag)
            }
        } else if current == nil {
            return .done(entityTag: nil)
        }
        return .changedMeanwhile(url: url.absoluteString)
    }

    /// The resource's text: the event with its digest, and its VTIMEZONEs.
    private func document(_ published: PublishedEvent, _ now: Instant) throws(CalDAVError) -> [UInt8] {
        do {
            return try EventFiles.document(
                of: published.event, calendar: planner.options.calendarProperties, stamp: now, extensions: published.extensions)
        } catch {
            // Not expected: the builder wrote the same event already.
            throw .failed(url: client.calendar.appendingPathComponent(EventFiles.fileName(for: published.uid)).absoluteString, status: 0, reason: "the event cannot be written as iCalendar: \(error)")
        }
    }
}

extension PublishPlan.Action {
    /// The event written with its digest, for creations and updates.
    var published: PublishedEvent? {
        switch self {
        case .create(let published), .update(let published, _, _): published
        case .delete: nil
        }
    }
}
