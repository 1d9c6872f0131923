import ArgumentParser
import Basics
import CalDAV
import CalDAVPublishing
import Programs
import Foundation
import ProgramSupport
import ReservationFeed

/// `reservation-feed publish`: chooses the calendar (``CalendarChoice``), then publishes once, or,
/// with `--follow`, again after each change of the inputs (``PublishFollower``).
struct Publish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Keep the events of reservations in step inside a CalDAV calendar.",
        discussion: PublishOptions.discussion)

    @OptionGroup var options: PublishOptions

    func run() async throws {
        // validate() checked the URL.
        let url = URL(string: options.calendar)!
        let credentials = try options.account.credentials(for: url)
        let generator = try options.feed.generator(input: options.input, quiet: options.quiet)
        let planner = PublishPlanner(
            options: generator.options, onConflict: ConflictPolicy(rawValue: options.onConflict) ?? .keep,
            concurrency: generator.concurrency)
        let session = Session(
            options: options, credentials: credentials, planner: planner, generator: generator,
            choice: CalendarChoice(account: CalDAVAccount(address: url, credentials: credentials), name: options.calendarName, mayCreate: !options.dryRun))
        guard options.follow else {
            let status = await session.publishOnce(reason: nil)
            if status != 0 { throw ExitCode(status) }
            return
        }
        try await follow(session, mailboxes: generator.mailboxes)
    }

    /// `--follow`: publishes until SIGTERM or SIGINT, which let the run under way finish (a second
    /// SIGINT stops at once).
    private func follow(_ session: Session, mailboxes: MailboxInputs) async throws {
        var following = PublishFollower(inputs: options.input.inputs, mailboxes: mailboxes, mailProgram: options.input.mailProgram(quiet: true))
        following.rescanInterval = TimeInterval(options.rescan)
        // The state and the mirror beside it, when they lie among the inputs: their own writes
        // are no change of the inputs.
        following.ignoring = [session.statePath, session.statePath.map(CalendarMirror.path(besideState:))].compactMap { $0 }
        let quiet = options.quiet
        following.log = { if !quiet { StandardError.print($0) } }
        following.warn = { StandardError.print($0) }
        let follower = following
        var sources: [DispatchSourceSignal] = []
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let told = Locked(false)
            source.setEventHandler {
                if told.withLock({ let again = $0; $0 = true; return again }), number == SIGINT { Foundation.exit(130) }
                if !quiet { StandardError.print("\(name): stopping after the run under way") }
                follower.stop(name)
            }
            source.resume()
            sources.append(source)
        }
        defer { sources.forEach { $0.cancel() } }
        let first = Locked(true)
        let stopped = try await follower.run { reason in
            let isFirst = first.withLock { let value = $0; $0 = false; return value }
            return await session.publishFollowing(reason: reason, isFirst: isFirst)
        }
        if !stopped { throw ExitCode.usage }
    }

    /// What the runs of one command share: the calendar once chosen, and how to publish into it.
    // Unchecked: the command line's options (swift-argument-parser's property wrappers) are not
    // Sendable, though only read once parsed; the calendar chosen is under a lock.
    final class Session: @unchecked Sendable {
        let options: PublishOptions
        let credentials: CalDAVClient.Credentials?
        let planner: PublishPlanner
        let generator: FeedGenerator
        let choice: CalendarChoice
        private let chosen = Locked<CalendarChoice.Chosen?>(nil)

        init(options: PublishOptions, credentials: CalDAVClient.Credentials?, planner: PublishPlanner, generator: FeedGenerator, choice: CalendarChoice) {
            self.options = options
            self.credentials = credentials
            self.planner = planner
            self.generator = generator
            self.choice = choice
        }

        /// The state file `--state` names, if any (the default one is known once the calendar is).
        var statePath: String? { options.state }

        /// One run, as without `--follow`; returns the exit status.
        func publishOnce(reason: String?) async -> Int32 {
            switch await attempt() {
            case .failure(let error):
                report(error)
                return 2
            case .success(let report):
                return report.exitStatus
            }
        }

        /// One run of `--follow`: what the follower should do next.
        func publishFollowing(reason: String, isFirst: Bool) async -> PublishFollower.Verdict {
            if !options.quiet, reason != "start" { StandardError.print("\(reason == "retry" ? "trying again" : "\(reason) changed"): publishing") }
            switch await attempt() {
            case .failure(let error):
                report(error)
                // At the start, only a server that cannot be reached is waited for (a service may
                // start before the network); a refusal or no calendar is the person's to mend.
                if isFirst { return error.isUnreachable ? .tryAgain : .fatal }
                return error.mayPass ? .tryAgain : .settled
            case .success(let report):
                return report.isIncomplete ? .tryAgain : .settled
            }
        }

        private func attempt() async -> Result<PublishReport, PublishError> {
            do throws(PublishError) {
                let chosen = try await calendar()
                let client = CalDAVClient(calendar: chosen.calendar.url, credentials: credentials, scope: choice.account.scope)
                var publisher = CalDAVPublisher(
                    client: client, planner: planner, discovery: generator.discovery, importer: generator.importer,
                    statePath: options.state ?? PublishState.defaultPath(calendar: client.calendar, user: credentials?.user),
                    lockWait: generator.lockWait)
                publisher.mailboxes = generator.mailboxes
                publisher.calendarIsNew = chosen.how == .wouldCreate
                publisher.usesSync = !options.fullListing
                let now: Instant
                do {
                    now = try options.input.moment()
                } catch {
                    throw PublishError.calendarChoice("\(error)")  // validate() read it already
                }
                let quiet = options.quiet
                // A large first run writes thousands of events: a person at a terminal sees how far it got.
                let progress = TerminalProgress.onTerminal(quiet: quiet)
                if let progress { publisher.progress = { done, total in progress.published(done, of: total) } }
                let report = try await publisher.publish(inputs: options.input.inputs, now: now, dryRun: options.dryRun) { diagnostic in
                    guard !quiet || diagnostic.severity == .error else { return }
                    progress?.clear()
                    StandardError.print(diagnostic.description)
                }
                progress?.clear()
                if options.dryRun { print(Publish.planText(report.plan), terminator: "") }
                if !options.quiet || report.isIncomplete { StandardError.print(report.summary) }
                return .success(report)
            } catch {
                return .failure(error)
            }
        }

        /// The calendar: chosen by the first run that reaches the server, then kept.
        private func calendar() async throws(PublishError) -> CalendarChoice.Chosen {
            if let chosen = chosen.withLock({ $0 }) { return chosen }
            var chosen = try await choice.choose()
            switch chosen.how {
            case .created:
                StandardError.print("Created the calendar \(chosen.calendar.name) at \(chosen.calendar.url.absoluteString)")
                chosen.how = .found
            case .wouldCreate:
                StandardError.print("Would create the calendar \(chosen.calendar.name) in the account (--dry-run creates nothing)")
            case .found where options.calendarName != nil && !options.quiet:
                StandardError.print("Publishing into the calendar \(chosen.calendar.name) at \(chosen.calendar.url.absoluteString)")
            default:
                break
            }
            self.chosen.withLock { $0 = chosen }
            return chosen
        }

        private func report(_ error: PublishError) {
            StandardError.print("error: \(error)")
            if case .calendar(.refused) = error { AccountOptions.explainMissing(credentials) }
        }
    }

    /// One line per write and per event left alone, for `--dry-run`.
    static func planText(_ plan: PublishPlan) -> String {
        var text = ""
        for action in plan.actions {
            switch action {
            case .create(let published), .update(let published, _, _):
                text += "\(action.verb) \(published.uid)  \(published.event.summary)  \(published.event.start)\n"
            case .delete(let resource, let uid):
                text += "delete \(uid)  \(resource.event?.summary ?? resource.url.absoluteString)\n"
            }
        }
        for uid in plan.keptEdited { text += "keep \(uid)  edited in the calendar\n" }
        for conflict in plan.conflicts { text += "keep \(conflict.origin?.source.description ?? "")  \(conflict.message)\n" }
        for uid in plan.keptDeleted { text += "keep \(uid)  deleted in the calendar\n" }
        for uid in plan.ended { text += "keep \(uid)  ended\n" }
        for uid in plan.unchanged { text += "unchanged \(uid)\n" }
        return text
    }
}
