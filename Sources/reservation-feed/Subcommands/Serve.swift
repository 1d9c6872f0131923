import ArgumentParser
import Programs
import FeedServer
import Foundation
import ProgramSupport
import ReservationFeed

/// `reservation-feed serve INPUT... --output FEED.ics`: the feed kept current and served over
/// HTTP under a secret URL, following its inputs and taking donations (``FeedServer``).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Keep a feed current and serve it to calendars that subscribe by URL.",
        discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() async throws {
        let log: @Sendable (String) -> Void = { line in StandardError.print(line) }
        let secret: FeedSecret
        do {
            secret = options.rotateSecret ? try FeedSecret.rotate(beside: options.output) : try FeedSecret.load(beside: options.output)
        } catch {
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
        let generator = try options.feed.generator(input: options.input)
        let keeper = FeedKeeper(generator: generator, inputs: options.input.inputs, output: options.output, quiet: options.quiet,
            clock: { [pinned = options.input.now == nil ? nil : try? options.input.moment()] in pinned ?? .now }, log: log)
        let feedName = URL(fileURLWithPath: options.output).lastPathComponent
        let responder = FeedResponder(secret: secret, feedName: feedName, calendar: generator.options.calendarProperties)
        let inboxFolder = options.inbox ?? options.input.inputs.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        var configuration = FeedServer.Configuration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.maximumBodySize = try options.input.limits().fileSize
        configuration.logRequests = !options.quiet
        let desk = DonationDesk(inbox: inboxFolder ?? "", importer: generator.importer, options: generator.options)
        let server = FeedServer(configuration: configuration, keeper: keeper, responder: responder, desk: desk, acceptsDonations: inboxFolder != nil, log: log)
        let host = options.host
        let outcome = await keeper.start()
        // A missing input is a mistake in the command, as for generate; anything else (an inbox
        // still empty, a bad file) is served around, and logged.
        if case .failed(.input) = outcome { throw ExitCode.usage }
        let mailboxes = options.input.inputs.filter(MailboxURL.looksLikeMailbox)
        let watcher = InputWatcher(
            inputs: options.input.inputs.filter { !MailboxURL.looksLikeMailbox($0) }, ignoring: [options.output, FeedSecret.path(beside: options.output)]
        ) { change in
            keeper.requestRegeneration(reason: "changed: \(change)")
        }
        // New mail in a watched folder regenerates the feed as a changed file does.
        let mailWatcher = mailboxes.isEmpty
            ? nil
            : MailboxWatcher(
                command: options.input.mailProgram(quiet: true).watchCommand(for: mailboxes, cache: generator.mailboxes.cache), onNotice: log) { folder in
                keeper.requestRegeneration(reason: "new mail in \(folder)")
            }
        do {
            try mailWatcher?.start()
        } catch {
            StandardError.print("error: cannot watch \(mailboxes.joined(separator: ", ")): \(error)")
            throw ExitCode.usage
        }
        watcher.rescanInterval = TimeInterval(options.rescan)
        let feedWatcher = InputWatcher(inputs: [options.output]) { _ in keeper.reloadFromDisk() }
        watcher.start()
        feedWatcher.start()
        if inboxFolder == nil, !options.quiet { log("note: no input folder, so no inbox: donations are refused (--inbox FOLDER to take them)") }
        var failure: (any Error)?
        do {
            try await server.run { port in
                let shown = Self.shownHost(host)
                let url = "\(shown):\(port)/\(secret.value)/\(feedName)"
                // Unbuffered, so that a script reading the URL gets it at once.
                FileHandle.standardOutput.write(Data("http://\(url)\nwebcal://\(url)\n".utf8))
            }
        } catch {
            failure = error
        }
        watcher.stop()
        feedWatcher.stop()
        mailWatcher?.stop()
        keeper.finish()
        if let failure {
            StandardError.print("error: cannot serve on \(host):\(options.port): \(failure)")
            throw ExitCode.usage
        }
    }

    /// The host for URLs: the machine's name when listening on every interface.
    private static func shownHost(_ host: String) -> String {
        if host == "0.0.0.0" || host == "::" { return ProcessInfo.processInfo.hostName }
        return host.contains(":") ? "[\(host)]" : host
    }
}
