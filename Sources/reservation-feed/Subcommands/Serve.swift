import ArgumentParser
import FeedServer
import Foundation
import Parallel
import ReservationFeed

/// `reservation-feed serve INPUT... --output FEED.ics`
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep a feed current and serve it to calendars that subscribe by URL.",
        discussion: """
            Makes the feed as generate does, prints its URL, and serves it over HTTP under a secret \
            path (kept in FEED.ics.secret, mode 0600; --rotate-secret or deleting the file makes a \
            new one). The feed is made again, under generate's lock and rules, when an input \
            changes, and when a document is posted to the inbox (URL/inbox): native JSON, \
            schema.org JSON-LD, a web page or an e-mail. The preview page (URL without the file \
            name) lists the upcoming events. Listens on 127.0.0.1 unless --host says otherwise; \
            put a TLS reverse proxy in front to serve it beyond this machine. SIGTERM or SIGINT \
            finish the requests under way and exit 0.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The feed to keep and serve.", valueName: "feed.ics"))
    var output: String

    @OptionGroup var feed: FeedShapingOptions

    @Option(help: ArgumentHelp("The address to listen on: 127.0.0.1 (this machine only), or e.g. 0.0.0.0 for every interface.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
    var port: Int = 8080

    @Option(help: ArgumentHelp("Where donated documents are kept (default: the first input folder).", valueName: "folder"))
    var inbox: String?

    @Flag(help: "Make a new secret, so that the old URL stops working.")
    var rotateSecret = false

    @Option(help: ArgumentHelp("How often the inputs are compared whole, besides the system's notices of changes.", valueName: "seconds"))
    var rescan: Int = 30

    @Flag(name: .shortAndLong, help: "Log errors only: no line per request, no summaries, no warnings.")
    var quiet = false

    func validate() throws {
        guard !output.isEmpty, output != "-" else { throw ValidationError("--output needs the feed's file: serve keeps it on disk.") }
        guard (0...65535).contains(port) else { throw ValidationError("--port needs a number from 0 to 65535.") }
        guard rescan >= 1 else { throw ValidationError("--rescan needs a number of seconds, 1 or more.") }
        if input.inputs.contains("-") { throw ValidationError("serve follows files and folders; standard input (-) cannot be followed.") }
    }

    func run() throws {
        let log: @Sendable (String) -> Void = { line in StandardError.print(line) }
        let secret: FeedSecret
        do {
            secret = rotateSecret ? try FeedSecret.rotate(beside: output) : try FeedSecret.load(beside: output)
        } catch {
            StandardError.print("error: \(error)")
            throw ExitCode.usage
        }
        let generator = try feed.generator(input: input)
        let keeper = FeedKeeper(generator: generator, inputs: input.inputs, output: output, quiet: quiet, log: log)
        let feedName = URL(fileURLWithPath: output).lastPathComponent
        let responder = FeedResponder(secret: secret, feedName: feedName, calendar: generator.options.calendarProperties)
        let inboxFolder = inbox ?? input.inputs.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        var configuration = FeedServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.maximumBodySize = try input.limits().fileSize
        configuration.logRequests = !quiet
        let desk = DonationDesk(inbox: inboxFolder ?? "", importer: generator.importer, options: generator.options)
        let server = FeedServer(configuration: configuration, keeper: keeper, responder: responder, desk: desk, acceptsDonations: inboxFolder != nil, log: log)
        let host = self.host
        let outcome = Self.wait { await keeper.start() }
        // A missing input is a mistake in the command, as for generate; anything else (an inbox
        // still empty, a bad file) is served around, and logged.
        if case .failed(.input) = outcome { throw ExitCode.usage }
        let watcher = InputWatcher(inputs: input.inputs, ignoring: [output, FeedSecret.path(beside: output)]) { change in
            keeper.requestRegeneration(reason: "changed: \(change)")
        }
        watcher.rescanInterval = TimeInterval(rescan)
        let feedWatcher = InputWatcher(inputs: [output]) { _ in keeper.reloadFromDisk() }
        watcher.start()
        feedWatcher.start()
        if inboxFolder == nil, !quiet { log("note: no input folder, so no inbox: donations are refused (--inbox FOLDER to take them)") }
        let failure: (any Error)? = Self.wait {
            do {
                try await server.run { port in
                    let shown = Self.shownHost(host)
                    let url = "\(shown):\(port)/\(secret.value)/\(feedName)"
                    // Unbuffered, so that a script reading the URL gets it at once.
                    FileHandle.standardOutput.write(Data("http://\(url)\nwebcal://\(url)\n".utf8))
                }
                return nil
            } catch {
                return error
            }
        }
        watcher.stop()
        feedWatcher.stop()
        keeper.finish()
        if let failure {
            StandardError.print("error: cannot serve on \(host):\(port): \(failure)")
            throw ExitCode.usage
        }
    }

    /// The host for URLs: the machine's name when listening on every interface.
    private static func shownHost(_ host: String) -> String {
        if host == "0.0.0.0" || host == "::" { return ProcessInfo.processInfo.hostName }
        return host.contains(":") ? "[\(host)]" : host
    }

    /// Runs async work from this synchronous command and waits for it: the tool's other
    /// commands stay synchronous, and so does its start.
    private static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<T?>(nil)
        Task {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
