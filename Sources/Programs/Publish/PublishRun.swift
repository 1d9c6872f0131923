import ArgumentParser
import Basics
import CalDAV
import CalDAVPublishing
import Foundation
import Mailboxes
import ProgramSupport
import ReservationFeed

/// What `publish` does: chooses the calendar (``CalendarChoice``), then publishes once, or, with
/// `--follow`, again after each change of the inputs (``PublishFollower``).
public struct PublishRun {
    /// The command line.
    let options: PublishOptions

    public init(_ options: PublishOptions) {
        self.options = options
    }

    /// Publishes once, or with `--follow` until SIGTERM or SIGINT; the exit status says how it went.
    public func run() async throws {
        // validate() parsed it, or there is a sign-in to take it from.
        let url = try options.calendar.map { try PublishOptions.serverURL($0, option: "--calendar") } ?? options.account.serviceAddress(for: "--calendar")
        let credentials = try options.account.credentials(for: url)
        let generator = try options.feed.generator(input: options.input, view: options.view, quiet: options.quiet)
        let planner = PublishPlanner(
            options: generator.options, onConflict: ConflictPolicy(rawValue: options.onConflict) ?? .keep,
            concurrency: generator.concurrency)
        var choice = CalendarChoice(account: CalDAVAccount(address: url, credentials: credentials), name: options.calendarName, mayCreate: !options.dryRun)
        choice.makesNoCalendars = options.account.makesNoCalendars()
        let session = PublishSession(
            settings: try PublishSession.Settings(options), credentials: credentials, planner: planner, generator: generator, choice: choice)
        guard options.follow else {
            let status = await session.publishOnce()
            if status != 0 { throw ExitCode(status) }
            return
        }
        try await follow(session, mailboxes: generator.mailboxes)
    }

    /// `--follow`: publishes until SIGTERM or SIGINT, which let the run under way finish (a second
    /// SIGINT stops at once).
    private func follow(_ session: PublishSession, mailboxes: MailboxInputs) async throws {
        // The sign-in's file too: a person who signs in again is taken up at once.
        var following = PublishFollower(
            inputs: options.input.inputs + (options.account.grantFile.map { [$0] } ?? []), mailboxes: mailboxes,
            mailProgram: options.input.mailProgram(quiet: true))
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
                follower.stop()
            }
            source.resume()
            sources.append(source)
        }
        defer { sources.forEach { $0.cancel() } }
        let first = Locked(true)
        let stopped: Bool
        do {
            stopped = try await follower.run { reason in
                let isFirst = first.withLock { let value = $0; $0 = false; return value }
                return await session.publishFollowing(reason: reason, isFirst: isFirst)
            }
        } catch {
            // The mail program, which watches the IMAP folders, could not be started.
            let mailboxes = options.input.inputs.filter(MailboxURL.looksLikeMailbox)
            StandardError.print("error: cannot watch \(mailboxes.joined(separator: ", ")): \(said(error))")
            throw ExitCode.usage
        }
        if !stopped { throw ExitCode.usage }
    }
}
