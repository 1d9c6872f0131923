import Basics
import CalDAV
import CalDAVPublishing
import Foundation
import ProgramSupport
import ReservationFeed

/// What the runs of one `publish` command share: the calendar once chosen, and how to publish
/// into it.
final class PublishSession: Sendable {
    /// What the command line asked of each run, read once.
    struct Settings: Sendable {
        var inputs: [String]
        var clock: @Sendable () -> Instant
        var quiet: Bool
        var dryRun: Bool
        var fullListing: Bool
        var statePath: String?
        var calendarName: String?

        init(_ options: PublishOptions) throws {
            inputs = options.input.inputs
            clock = try options.input.clock()
            quiet = options.quiet
            dryRun = options.dryRun
            fullListing = options.fullListing
            statePath = options.state
            calendarName = options.calendarName
        }
    }

    let settings: Settings
    let credentials: CalDAVClient.Credentials?
    let planner: PublishPlanner
    let generator: FeedGenerator
    let choice: CalendarChoice
    private let chosen = Locked<CalendarChoice.Chosen?>(nil)
    /// The last sign-in found gone that was said.
    private let saidGone = Locked<String?>(nil)

    init(settings: Settings, credentials: CalDAVClient.Credentials?, planner: PublishPlanner, generator: FeedGenerator, choice: CalendarChoice) {
        self.settings = settings
        self.credentials = credentials
        self.planner = planner
        self.generator = generator
        self.choice = choice
    }

    /// The state file `--state` names, if any (the default one is known once the calendar is).
    var statePath: String? { settings.statePath }

    /// One run, as without `--follow`; returns the exit status.
    func publishOnce() async -> Int32 {
        switch await attempt() {
        case .failure(let error):
            report(error)
            return 2
        case .success(let report):
            return report.exitStatus
        }
    }

    /// One run of `--follow`: what the follower should do next.
    func publishFollowing(reason: PublishFollower.Reason, isFirst: Bool) async -> PublishFollower.Verdict {
        if !settings.quiet {
            switch reason {
            case .start: break
            case .retry: StandardError.print("trying again: publishing")
            case .changed(let change): StandardError.print("\(change) changed: publishing")
            }
        }
        switch await attempt() {
        case .failure(let error):
            report(error)
            // At the start, only a server that cannot be reached is waited for (a service may
            // start before the network); a refusal or no calendar is the person's to mend.
            if isFirst { return error.isUnreachable ? .tryAgain : .fatal }
            return error.mayPass ? .tryAgain : .settled
        case .success(let report):
            saidGone.withLock { $0 = nil }
            return report.isIncomplete ? .tryAgain : .settled
        }
    }

    private func attempt() async -> Result<PublishReport, PublishError> {
        do throws(PublishError) {
            let chosen = try await calendar()
            let client = CalDAVClient(calendar: chosen.calendar.url, credentials: credentials, scope: choice.account.scope)
            var publisher = CalDAVPublisher(
                client: client, planner: planner, discovery: generator.discovery, importer: generator.importer,
                statePath: settings.statePath ?? PublishState.defaultPath(calendar: client.calendar, user: credentials?.user),
                lockWait: generator.lockWait)
            publisher.mailboxes = generator.mailboxes
            publisher.calendarIsNew = chosen.how == .wouldCreate
            publisher.usesSync = !settings.fullListing
            let now = settings.clock()
            let quiet = settings.quiet
            // A large first run writes thousands of events: a person at a terminal sees how far it got.
            let progress = TerminalProgress.onTerminal(quiet: quiet)
            if let progress { publisher.progress = { done, total in progress.published(done, of: total) } }
            let report = try await publisher.publish(inputs: settings.inputs, now: now, dryRun: settings.dryRun) { diagnostic in
                guard !quiet || diagnostic.severity == .error else { return }
                progress?.clear()
                StandardError.print(diagnostic.description(.commandLine))
            }
            progress?.clear()
            if settings.dryRun { print(PublishPlanText.text(of: report.plan), terminator: "") }
            if !settings.quiet || report.isIncomplete { StandardError.print(report.summary) }
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
        case .found where settings.calendarName != nil && !settings.quiet:
            StandardError.print("Publishing into the calendar \(chosen.calendar.name) at \(chosen.calendar.url.absoluteString)")
        default:
            break
        }
        self.chosen.withLock { $0 = chosen }
        return chosen
    }

    private func report(_ error: PublishError) {
        // A sign-in that is gone is said once, not at every change the follower sees.
        if case .calendar(.noToken(_, let reason, false)) = error {
            guard saidGone.withLock({ let said = $0 == reason; $0 = reason; return !said }) else { return }
        } else {
            saidGone.withLock { $0 = nil }
        }
        StandardError.print("error: \(said(error))")
        if case .calendar(.refused) = error { AccountOptions.explainMissing(credentials) }
    }
}

