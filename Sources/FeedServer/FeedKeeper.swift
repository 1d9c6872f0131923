import Basics
import Diagnostics
import Foundation
import ReservationFeed

/// Keeps the served feed current: regenerates it with the same library call `generate` makes
/// (``FeedGenerator/generate(inputs:to:now:report:)``, under the same lock, so a cron job on the
/// same feed never interleaves with it), and holds the version being served.
///
/// Requests for a regeneration that arrive while one runs are folded into one more run: a burst
/// of changes makes at most two. Runs happen one at a time on a thread of their own, never on the
/// threads that answer requests. A run that fails (bad input, the shrink guard, a lock held too
/// long) keeps the last good feed served and says why.
///
/// A regeneration is seconds of work on every core (``FeedGenerator``, synchronous): it runs on a
/// dispatch queue of its own rather than as a task, so that it never holds one of the
/// concurrency pool's few threads, which answer requests.
public final class FeedKeeper: Sendable {
    /// What a run did.
    public enum Outcome: Sendable {
        /// The feed was written (its report), and is served.
        case written(FeedGenerationReport)
        /// Nothing was written, for this reason; the last good feed is still served.
        case failed(FeedError)
    }

    /// What prompted a run, as its log line says it.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The first run.
        case start
        /// A file or folder among the inputs changed (its path).
        case changed(String)
        /// New mail arrived in an IMAP folder (its URL).
        case newMail(String)
        /// A document was posted to the inbox.
        case donation

        public var description: String {
            switch self {
            case .start: "start"
            case .changed(let what): "changed: \(what)"
            case .newMail(let folder): "new mail in \(folder)"
            case .donation: "donation"
            }
        }
    }

    /// The generator every run uses.
    public let generator: FeedGenerator
    /// The inputs, as given to `generate`.
    public let inputs: [String]
    /// The feed's path.
    public let output: String
    /// The other views kept with the feed, each in a file of its own, made by the same runs.
    public let views: [FeedViewOutput]
    /// Receives a line for each run and each diagnostic worth telling.
    private let log: @Sendable (String) -> Void
    /// Whether warnings are logged (errors always are).
    private let quiet: Bool
    /// How its lines name settings.
    private let wording: DiagnosticWording
    /// The time of each run: now, or a pinned moment (`--now`) for reproducible feeds.
    private let clock: @Sendable () -> Instant

    private let queue = DispatchQueue(label: "reservation-feed.regeneration")
    /// The version served, the runs asked for and done (numbered), and who waits for which.
    private let state = Locked(State())

    private struct State {
        var served: ServedFeed?
        var viewsServed: [FeedView: ServedFeed] = [:]
        var requested = 0
        var completed = 0
        var waiters: [(number: Int, continuation: CheckedContinuation<Outcome, Never>)] = []
    }

    /// Creates a keeper; nothing runs until ``start()`` or ``regenerate(reason:)``.
    ///
    /// - Parameters:
    ///   - views: Other views of the feed to keep, each in its own file, made by every run from the
    ///     same reading (``ReservationFeed/FeedGenerator/generate(inputs:to:views:now:report:)``).
    ///   - wording: How the lines it logs name settings (`serve` passes the command line's,
    ///     `--allow-shrink`).
    public init(
        generator: FeedGenerator, inputs: [String], output: String, views: [FeedViewOutput] = [], quiet: Bool = false,
        clock: @escaping @Sendable () -> Instant = { .now }, wording: DiagnosticWording = .library, log: @escaping @Sendable (String) -> Void
    ) {
        self.views = views
        self.wording = wording
        self.generator = generator
        self.clock = clock
        self.inputs = inputs
        self.output = output
        self.quiet = quiet
        self.log = log
    }

    /// The time as the feed sees it: now, or the pinned moment.
    public func now() -> Instant { clock() }

    /// The version of the feed being served, `nil` until one exists.
    public var current: ServedFeed? { state.withLock { $0.served } }

    /// The version of a view being served: the feed's own view's is ``current``; `nil` until one
    /// exists, and for a view not kept.
    public func current(_ view: FeedView) -> ServedFeed? {
        let own = generator.options.synthesis.view
        return state.withLock { view == own ? $0.served : $0.viewsServed[view] }
    }

    /// Serves the feed already on disk, if any, and makes the first run; returns its outcome.
    public func start() async -> Outcome {
        reloadFromDisk()
        return await regenerate(reason: .start)
    }

    /// Asks for a run and returns at once.
    public func requestRegeneration(reason: Reason) {
        let number = state.withLock { state in
            state.requested += 1
            return state.requested
        }
        queue.async { self.runIfNeeded(reason: reason, upTo: number) }
    }

    /// Runs (or joins a run that starts after this call) and returns its outcome.
    public func regenerate(reason: Reason) async -> Outcome {
        await withCheckedContinuation { continuation in
            let number = state.withLock { state in
                state.requested += 1
                state.waiters.append((state.requested, continuation))
                return state.requested
            }
            queue.async { self.runIfNeeded(reason: reason, upTo: number) }
        }
    }

    /// Returns when no run is under way or waiting: before the process ends, so that it never
    /// ends in the middle of one.
    public func finish() {
        queue.sync {}
    }

    /// Serves the feed's file as it is now on disk when its bytes differ from those served (a
    /// `generate` from cron wrote it). A view's file is served only as a run of this keeper made
    /// it: what else is found there (the whole feed copied in by hand) is never served at a
    /// view's address.
    public func reloadFromDisk() {
        reload(output, into: \.served)
    }

    /// Serves the file at `path` in the place `served` names when its bytes differ.
    private func reload(_ path: String, into served: WritableKeyPath<State, ServedFeed?>) {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return }
        let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
        let maxAge = generator.options.refreshInterval
        state.withLock { state in
            let bytes = [UInt8](data)
            guard state[keyPath: served]?.bytes != bytes else { return }
            state[keyPath: served] = ServedFeed(bytes: bytes, previous: state[keyPath: served], modified: modified, maxAge: maxAge)
        }
    }

    private func runIfNeeded(reason: Reason, upTo number: Int) {
        let target = state.withLock { state -> Int? in state.completed >= number ? nil : state.requested }
        guard let target else { return }
        let outcome = run(reason: reason)
        let ready = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
            state.completed = target
            let ready = state.waiters.filter { $0.number <= target }.map(\.continuation)
            state.waiters.removeAll { $0.number <= target }
            return ready
        }
        for continuation in ready { continuation.resume(returning: outcome) }
    }

    private func run(reason: Reason) -> Outcome {
        let started = Date()
        do {
            let report = try generator.generate(inputs: inputs, to: .file(output), views: views, now: clock()) { diagnostic in
                if !quiet || diagnostic.severity == .error { log(diagnostic.description(wording)) }
            }
            reloadFromDisk()
            let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
            if !quiet || report.hasErrors { log("\(report.summary) [\(reason), \(milliseconds) ms]") }
            for view in views {
                guard case .failure(let error) = report.views[view.view] else {
                    reload(view.path, into: \.viewsServed[view.view])
                    // What a view's own file lost (a version broken by hand).
                    for diagnostic in (try? report.views[view.view]?.get().diagnostics) ?? [] { log(diagnostic.description(wording)) }
                    continue
                }
                log("error: the \(view.view.rawValue) view was not made again (\(reason)): \(wording.text(of: error)); \(current(view.view) == nil ? "nothing to serve at its address yet" : "still serving its last good version")")
            }
            return .written(report)
        } catch {
            if case .nothingToWrite = error, let empty = try? FeedDocument(
                properties: generator.options.calendarProperties, events: [], generated: clock()
            ).iCalendarText(), current.map({ $0.bytes == Array(empty.utf8) }) ?? true {
                // No booking yet (an empty inbox): subscribers get a valid empty calendar, which
                // the first booking fills; nothing is written to disk until there is one.
                state.withLock { state in
                    let maxAge = generator.options.refreshInterval
                    for view in views where state.viewsServed[view.view] == nil {
                        state.viewsServed[view.view] = ServedFeed(bytes: Array(empty.utf8), previous: nil, modified: Date(), maxAge: maxAge)
                    }
                    guard state.served == nil else { return }
                    state.served = ServedFeed(bytes: Array(empty.utf8), previous: nil, modified: Date(), maxAge: maxAge)
                }
                if !quiet { log("note: no events yet (\(reason)); serving an empty calendar until the first booking arrives") }
                return .failed(error)
            }
            log("error: the feed was not made again (\(reason)): \(wording.text(of: error)); \(current == nil ? "no feed to serve yet" : "still serving the last good feed")")
            return .failed(error)
        }
    }
}
