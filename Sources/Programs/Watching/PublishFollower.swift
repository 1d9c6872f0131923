import Foundation
import ReservationFeed

/// Publishes again whenever the inputs change (`publish --follow`), until told to stop.
///
/// Files and folders are watched by ``InputWatcher`` (inotify, and a rescan as a safety net),
/// IMAP folders by ``MailboxWatcher`` (IDLE, or polling); changes that come while a run is
/// under way make one more run after it. A run that could not reach the calendar is tried
/// again after a wait that doubles each time it fails again (5 s, 10 s, 20 s… up to 5
/// minutes), and a change of the inputs meanwhile is published at once, the wait kept.
/// ``stop(_:)`` (on SIGTERM) lets the run under way finish, and ``run(_:)`` returns.
public final class PublishFollower: @unchecked Sendable {
    /// What became of one run.
    public enum Verdict: Sendable, Equatable {
        /// Done, or failed for a reason a new run would not mend (inputs with errors): wait for
        /// the next change.
        case settled
        /// Failed for a reason that may pass (the server away, busy, or refusing): try again
        /// after a wait.
        case tryAgain
        /// Cannot go on (the first run found no calendar, or was refused): stop.
        case fatal
    }

    /// The inputs: files, folders and IMAP folders.
    public let inputs: [String]
    /// How the mailbox inputs are watched (the mail program's `watch`).
    public var mailboxes: MailboxInputs
    /// The program that watches them.
    public var mailProgram: MailProgram
    /// Paths whose changes do not count (the state file, when it lies among the inputs).
    public var ignoring: [String] = []
    /// The first wait before trying a failed run again, in seconds; it doubles at each failure.
    public var firstRetryWait: TimeInterval = 5
    /// The longest wait between tries, in seconds.
    public var longestRetryWait: TimeInterval = 300
    /// How often the inputs are compared whole, besides the system's notices.
    public var rescanInterval: TimeInterval = 30
    /// Receives what the follower has to say (a retry planned, a stop).
    public var log: @Sendable (String) -> Void = { _ in }
    /// Receives what must be said even to a quiet follower: a mailbox that cannot be reached.
    public var warn: @Sendable (String) -> Void = { _ in }

    private let inbox = Inbox()

    /// A follower of `inputs`.
    public init(inputs: [String], mailboxes: MailboxInputs = MailboxInputs(), mailProgram: MailProgram = MailProgram()) {
        self.inputs = inputs
        self.mailboxes = mailboxes
        self.mailProgram = mailProgram
    }

    /// Stops after the run under way (or at once, between runs).
    public func stop(_ reason: String) {
        inbox.post(.stop(reason))
    }

    /// Runs `once` now, and again after each change and each failure's wait, until ``stop(_:)``
    /// or a ``Verdict/fatal`` run.
    ///
    /// - Parameter once: One publishing run; it is given what prompted it (`start`, the path
    ///   that changed, a mailbox's URL, `retry`).
    /// - Returns: Whether it stopped because it was told to (`true`) or because a run was fatal.
    public func run(_ once: @Sendable (String) async -> Verdict) async throws -> Bool {
        let files = inputs.filter { $0 != "-" && !MailboxURL.looksLikeMailbox($0) }
        let folders = inputs.filter(MailboxURL.looksLikeMailbox)
        let inbox = self.inbox
        let watcher = InputWatcher(inputs: files, ignoring: ignoring) { what in inbox.post(.changed(what)) }
        watcher.rescanInterval = rescanInterval
        watcher.start()
        defer { watcher.stop() }
        let mailWatcher = folders.isEmpty ? nil : MailboxWatcher(command: mailProgram.watchCommand(for: folders, cache: mailboxes.cache), onNotice: warn) { folder in inbox.post(.changed(folder)) }
        try mailWatcher?.start()
        defer { mailWatcher?.stop() }

        var reason = "start"
        var wait = firstRetryWait
        var retryAt: Date?
        while true {
            let verdict = await once(reason)
            if inbox.isStopping { return true }
            switch verdict {
            case .fatal:
                return false
            case .settled:
                wait = firstRetryWait
                retryAt = nil
            case .tryAgain:
                retryAt = Date().addingTimeInterval(wait)
                log("trying again in \(Int(wait.rounded())) s, or at the next change of the inputs")
                wait = min(wait * 2, longestRetryWait)
            }
            let timeout = retryAt.map { max(0, $0.timeIntervalSinceNow) }
            switch await inbox.next(timeout: timeout) {
            case .stop:
                return true
            case .changed(let what):
                reason = what
            case nil:
                reason = "retry"
                retryAt = nil
            }
            // Changes told while this one waited are published by the same run.
            if inbox.drainChanges() { return true }
        }
    }

    /// What the watchers and the signal handler tell the loop.
    enum Event: Sendable {
        case changed(String)
        case stop(String)
    }

    /// Events waiting to be taken, and the loop waiting for one, under a lock.
    final class Inbox: @unchecked Sendable {
        private let lock = NSLock()
        private var queue: [Event] = []
        private var waiter: CheckedContinuation<Event?, Never>?
        private var generation = 0
        private var stopping = false

        var isStopping: Bool { lock.withLock { stopping } }

        func post(_ event: Event) {
            let waiter: CheckedContinuation<Event?, Never>? = lock.withLock {
                if case .stop = event { stopping = true }
                guard let waiter = self.waiter else {
                    queue.append(event)
                    return nil
                }
                self.waiter = nil
                return waiter
            }
            waiter?.resume(returning: event)
        }

        /// The next event, or `nil` after `timeout` seconds without one (`nil`: no limit).
        func next(timeout: TimeInterval?) async -> Event? {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
                let ready: Event?? = lock.withLock {
                    if !queue.isEmpty { return .some(queue.removeFirst()) }
                    waiter = continuation
                    generation += 1
                    return .none
                }
                if let ready {
                    continuation.resume(returning: ready)
                    return
                }
                guard let timeout else { return }
                let mine = lock.withLock { generation }
                Task {
                    try? await Task.sleep(nanoseconds: UInt64(timeout * 1e9))
                    let expired: CheckedContinuation<Event?, Never>? = self.lock.withLock {
                        guard self.generation == mine, let waiter = self.waiter else { return nil }
                        self.waiter = nil
                        return waiter
                    }
                    expired?.resume(returning: nil)
                }
            }
        }

        /// Drops the changes queued; whether a stop was among them.
        func drainChanges() -> Bool {
            lock.withLock {
                queue.removeAll { if case .changed = $0 { true } else { false } }
                return stopping
            }
        }
    }
}
