import ArgumentParser
import CalDAV
import CalDAVPublishing
import CommandOptions
import Foundation
import ReservationFeed

/// `reservation-feed publish`, as a program of its own: the command line tool hands `publish` to
/// it, so that the HTTP client (FoundationNetworking and libcurl) is loaded only by the runs
/// that publish.
@main
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reservation-feed publish",
        abstract: "Keep the events of reservations in step inside a CalDAV calendar.",
        discussion: PublishOptions.discussion)

    @OptionGroup var options: PublishOptions

    /// Runs the command; usage errors exit 2.
    static func main() async {
        await mainWithUsageStatus()
    }

    func run() async throws {
        // validate() checked the URL.
        let url = URL(string: options.calendar)!
        let credentials: CalDAVClient.Credentials?
        do {
            credentials = try CredentialLookup().credentials(for: url, user: options.user, passwordFile: options.passwordFile)
        } catch {
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
        let generator = try options.feed.generator(input: options.input, quiet: options.quiet)
        let planner = PublishPlanner(
            options: generator.options, onConflict: ConflictPolicy(rawValue: options.onConflict) ?? .keep,
            concurrency: generator.concurrency)
        let client = CalDAVClient(calendar: url, credentials: credentials)
        var publisher = CalDAVPublisher(
            client: client, planner: planner, discovery: generator.discovery, importer: generator.importer,
            statePath: options.state ?? PublishState.defaultPath(calendar: client.calendar, user: credentials?.user),
            lockWait: generator.lockWait)
        publisher.mailboxes = generator.mailboxes
        let now = try options.input.moment()
        let (inputs, dryRun, quiet) = (options.input.inputs, options.dryRun, options.quiet)
        let outcome: Result<PublishReport, PublishError>
        do throws(PublishError) {
            outcome = .success(
                try await publisher.publish(inputs: inputs, now: now, dryRun: dryRun) { diagnostic in
                    if !quiet || diagnostic.severity == .error { StandardError.print(diagnostic.description) }
                })
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .failure(let error):
            StandardError.print("error: \(error)")
            if case .calendar(.refused) = error, credentials == nil {
                StandardError.print(
                    "note: no credentials were given: --user with --password-file, \(CredentialLookup.passwordVariable), or ~/.netrc")
            }
            throw ExitCode.usage
        case .success(let report):
            if dryRun { print(Self.planText(report.plan), terminator: "") }
            if !quiet || report.isIncomplete { StandardError.print(report.summary) }
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
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
