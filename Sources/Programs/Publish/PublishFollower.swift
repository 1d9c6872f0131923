import AsyncAlgorithms
import Basics
import Foundation
import ReservationFeed

/// Publishes again whenever the inputs change (`publish --follow`), until told to stop.
///
/// The inputs' changes come from ``InputChanges`` (files, folders and IMAP folders, the same
/// source `serve` follows), merged with the follower's own events (a retry due, a stop); while
/// a run is under way the newest event is kept, so changes that come meanwhile make one more
/// run after it. A run that could not reach the calendar is tried
/// again after a wait that doubles each time it fails again (5 s, 10 s, 20 s… up to 5
/// minutes), and a change of the inputs meanwhile is published at once, the wait kept.
/// ``stop()`` (on SIGTERM) lets the run under way finish, and ``run(_:)`` returns.
struct PublishFollower: Sendable {
    /// What became of one run.
    enum Verdict: Sendable, Equatable {
        /// Done, or failed for a reason a new run would not mend (inputs with errors): wait for
        /// the next change.
        case settled
        /// Failed for a reason that may pass (the server away, busy, or refusing): try again
        /// after a wait.
        case tryAgain
        /// Cannot go on (the first run found no calendar, or was refused): stop.
        case fatal
    }

    /// What prompted a run.
    enum Reason: Sendable, Equatable {
        /// The first run.
        case start
        /// A change of the inputs.
        case changed(InputChanges.Change)
        /// A failed run's wait ended.
        case retry
    }

    /// The inputs: files, folders and IMAP folders.
    let inputs: [String]
    /// Where the mailbox inputs are kept.
    var mailboxes: MailboxInputs
    /// The program that watches them.
    var mailProgram: MailProgram
    /// Paths whose changes do not count (the state file, when it lies among the inputs).
    var ignoring: [String] = []
    /// The first wait before trying a failed run again, in seconds; it doubles at each failure.
    var firstRetryWait: TimeInterval = 5
    /// The longest wait between tries, in seconds.
    var longestRetryWait: TimeInterval = 300
    /// How often the inputs are compared whole, besides the system's notices.
    var rescanInterval: TimeInterval = 30
    /// Receives what the follower has to say (a retry planned, a stop).
    var log: @Sendable (String) -> Void = { _ in }
    /// Receives what must be said even to a quiet follower: a mailbox that cannot be reached.
    var warn: @Sendable (String) -> Void = { _ in }

    /// The follower's own events (a retry due, a stop), and whether it was told to stop (a stop
    /// must not be lost among changes while a run is under way).
    private let controlEvents: AsyncStream<Event>
    private let control: AsyncStream<Event>.Continuation
    private let stopped = Locked(false)

    /// A follower of `inputs`.
    init(inputs: [String], mailboxes: MailboxInputs = MailboxInputs(), mailProgram: MailProgram = MailProgram()) {
        self.inputs = inputs
        self.mailboxes = mailboxes
        self.mailProgram = mailProgram
        (controlEvents, control) = AsyncStream.makeStream(of: Event.self)
    }

    /// Stops after the run under way (or at once, between runs).
    func stop() {
        stopped.withLock { $0 = true }
        control.yield(.stop)
    }

    /// Runs `once` now, and again after each change and each failure's wait, until ``stop()``
    /// or a ``Verdict/fatal`` run.
    ///
    /// - Parameter once: One publishing run; it is given what prompted it.
    /// - Returns: Whether it stopped because it was told to (`true`) or because a run was fatal.
    func run(_ once: @Sendable (Reason) async -> Verdict) async throws -> Bool {
        let changes = try InputChanges(
            inputs: inputs, ignoring: ignoring, rescanInterval: rescanInterval, mailProgram: (mailProgram, mailboxes.cache), onNotice: warn)
        defer { changes.stop() }
        // Every event, the newest kept while a run is under way.
        let (events, relay) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(1))
        let pump = Task { [controlEvents] in
            for await event in merge(changes.map { Event.changed($0) }, controlEvents) { relay.yield(event) }
            relay.finish()
        }
        defer { pump.cancel() }
        var iterator = events.makeAsyncIterator()
        var reason = Reason.start
        var wait = firstRetryWait
        var retry: Task<Void, Never>?
        defer { retry?.cancel() }
        while true {
            let verdict = await once(reason)
            if stopped.withLock({ $0 }) { return true }
            switch verdict {
            case .fatal:
                return false
            case .settled:
                wait = firstRetryWait
            case .tryAgain:
                log("trying again in \(Int(wait.rounded())) s, or at the next change of the inputs")
                let delay = wait
                retry = Task { [control] in
                    try? await Task.sleep(for: .seconds(delay))
                    if !Task.isCancelled { control.yield(.retry) }
                }
                wait = min(wait * 2, longestRetryWait)
            }
            guard let event = await iterator.next() else { return true }
            retry?.cancel()
            retry = nil
            switch event {
            case .stop:
                return true
            case .changed(let change):
                reason = .changed(change)
            case .retry:
                reason = .retry
            }
            if stopped.withLock({ $0 }) { return true }
        }
    }

    /// What the loop is told: a change of the inputs, a retry due, a stop.
    enum Event: Sendable {
        case changed(InputChanges.Change)
        case retry
        case stop
    }
}
