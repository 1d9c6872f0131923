import ArgumentParser
import Basics
import FeedServer
import Foundation
import ProgramSupport
import ReservationFeed

/// What `serve` does: the feed kept current and served over HTTP under a secret URL, following
/// its inputs and taking donations (``FeedServer``), until SIGTERM or SIGINT.
public struct ServeRun {
    /// The command line.
    let options: ServeOptions

    public init(_ options: ServeOptions) {
        self.options = options
    }

    /// Serves until SIGTERM or SIGINT; exit status 2 when it cannot start.
    public func run() async throws {
        let options = self.options
        let log: @Sendable (String) -> Void = { line in StandardError.print(line) }
        // The port is tried before anything is written: a run that cannot listen writes nothing.
        if let failure = SocketErrorWords.probe(host: options.host, port: options.port) {
            StandardError.print(
                "error: cannot serve on \(options.host):\(options.port): \(SocketErrorWords.listening(failure, host: options.host, port: options.port)); nothing was written")
            throw ExitCode.usage
        }
        // What the inbox keeps is an input like any other, wherever the inbox is: made now, before
        // the secrets, so that it is read and followed from the start.
        if let inbox = options.inbox {
            do {
                try OutputLocation.checkFolder(inbox)
            } catch {
                StandardError.print("error: the inbox \(inbox) cannot be used: \(said(error)); nothing was written")
                throw ExitCode.usage
            }
            if mkdir(inbox, 0o700) != 0, errno != EEXIST {
                let reason = String(cString: strerror(errno)).lowercased()
                StandardError.print("error: the inbox \(inbox) cannot be made (\(reason)): its parent folder must exist and be yours; nothing was written")
                throw ExitCode.usage
            }
            var status = stat()
            guard stat(inbox, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                StandardError.print("error: the inbox \(inbox) is not a folder; nothing was written")
                throw ExitCode.usage
            }
        }
        // Every other view is kept beside the feed, each in a file and under a secret of its own
        // (trips.shared.ics, trips.shared.ics.secret): an address given to family or a work
        // calendar opens that view only.
        let views = FeedView.allCases.filter { $0 != .full }.map { FeedViewOutput(view: $0, path: FeedViewOutput.path(of: $0, beside: options.output)) }
        let secret: FeedSecret
        var viewSecrets: [FeedView: FeedSecret] = [:]
        do {
            secret = options.rotateSecret ? try FeedSecret.rotate(beside: options.output) : try FeedSecret.load(beside: options.output)
            for view in views {
                viewSecrets[view.view] = options.rotateSecret ? try FeedSecret.rotate(beside: view.path) : try FeedSecret.load(beside: view.path)
            }
        } catch {
            StandardError.print("error: \(said(error))")
            throw ExitCode.usage
        }
        // A secret copied from another view's would open that view at this one's address.
        for view in views {
            guard let own = viewSecrets[view.view], own == secret || viewSecrets.values.filter({ $0 == own }).count > 1 else { continue }
            StandardError.print(
                "error: \(FeedSecret.path(beside: view.path)) holds the same secret as another view's: delete it (or use --rotate-secret) for a secret of its own; nothing was written")
            throw ExitCode.usage
        }
        let inboxToken: FeedSecret
        do {
            inboxToken =
                options.rotateInboxToken ? try FeedSecret.rotateInboxToken(beside: options.output) : try FeedSecret.loadInboxToken(beside: options.output)
        } catch {
            StandardError.print("error: \(said(error))")
            throw ExitCode.usage
        }
        var generator = try options.feed.generator(input: options.input, file: options.file, servesViews: true)
        generator.options.synthesis.busyTitle = options.busyTitle
        // The secrets beside the feed are this run's own, never its inputs (the feed is the generator's).
        generator.discovery.excludeOwnOutput(FeedSecret.path(beside: options.output))
        generator.discovery.excludeOwnOutput(FeedSecret.inboxTokenPath(beside: options.output))
        for view in views { generator.discovery.excludeOwnOutput(FeedSecret.path(beside: view.path)) }
        let inboxFolder = options.inbox ?? options.input.inputs.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        var inputs = options.input.inputs
        if let inbox = options.inbox { inputs.append(inbox) }
        // What a build said of its trouble, so that the mail watcher does not say the same again
        // (a folder whose sign-in is gone fails the build and the watch alike): each line stands
        // for one such word of the watcher's.
        let troubles = Locked<[String]>([])
        let keeper = FeedKeeper(generator: generator, inputs: inputs, output: options.output, views: views, quiet: options.quiet,
            clock: try options.input.clock(), wording: .commandLine) { line in
            if line.hasPrefix("error: ") || line.hasPrefix("warning: ") { troubles.withLock { $0 = $0.suffix(31) + [line] } }
            log(line)
        }
        let alreadySaid: @Sendable (String) -> Bool = { reason in
            troubles.withLock { lines in
                guard let index = lines.firstIndex(where: { $0.contains(reason) }) else { return false }
                lines.remove(at: index)
                return true
            }
        }
        let feedName = URL(fileURLWithPath: options.output).lastPathComponent
        let responder = FeedResponder(secret: secret, feedName: feedName, calendar: generator.options.calendarProperties)
        var viewResponders: [FeedView: FeedResponder] = [:]
        for view in views {
            guard let viewSecret = viewSecrets[view.view] else { continue }
            viewResponders[view.view] = FeedResponder(
                secret: viewSecret, feedName: URL(fileURLWithPath: view.path).lastPathComponent,
                calendar: generator.options.calendarProperties, hasInbox: false)
        }
        var configuration = FeedServer.Configuration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.maximumBodySize = min(options.donationBytes ?? 2 << 20, try options.input.limits().fileSize)
        configuration.donationsPerHour = options.donationsPerHour
        configuration.requestTimeout = Int64(options.requestTimeout)
        configuration.logRequests = !options.quiet
        configuration.wording = .commandLine
        var desk = DonationDesk(inbox: inboxFolder ?? "", importer: generator.importer, options: generator.options)
        desk.reservationLimit = options.donationReservations
        desk.wording = .commandLine
        let server = FeedServer(
            configuration: configuration, keeper: keeper, responder: responder, viewResponders: viewResponders, desk: desk, acceptsDonations: inboxFolder != nil,
            inboxToken: inboxToken, log: log)
        let host = options.host
        let quiet = options.quiet
        let served = [responder] + views.compactMap { viewResponders[$0.view] }
        let outcome = await keeper.start()
        // A missing input is a mistake in the command, as for generate; anything else (an inbox
        // still empty, a bad file) is served around, and logged.
        if case .failed(.input) = outcome { throw ExitCode.usage }
        // A view's file that is the feed's under another name (a link) is a mistake in the setup.
        if case .failed(.write(let path, _)) = outcome, views.contains(where: { $0.path == path }) { throw ExitCode.usage }
        // The inputs' changes (files, folders, and new mail in IMAP folders) regenerate the feed;
        // the feed's own file, changed by another run, is read again.
        let changes: InputChanges
        do {
            changes = try InputChanges(
                inputs: inputs,
                ignoring: [options.output, FeedSecret.path(beside: options.output), FeedSecret.inboxTokenPath(beside: options.output)]
                    + views.flatMap { [$0.path, FeedSecret.path(beside: $0.path)] },
                rescanInterval: TimeInterval(options.rescan), mailProgram: (options.input.mailProgram(quiet: true), generator.mailboxes.cache),
                onNotice: log, alreadySaid: alreadySaid)
        } catch {
            let mailboxes = options.input.inputs.filter(MailboxURL.looksLikeMailbox)
            StandardError.print("error: cannot watch \(mailboxes.joined(separator: ", ")): \(said(error))")
            throw ExitCode.usage
        }
        let feedChanges = try InputChanges(inputs: [options.output])
        if inboxFolder == nil, !options.quiet { log("note: no input folder, so no inbox: donations are refused (--inbox FOLDER to take them)") }
        if inboxFolder != nil, !options.quiet {
            // The path of the token, never the token itself.
            log("note: the inbox takes donations with the token in \(FeedSecret.inboxTokenPath(beside: options.output)) (Authorization: Bearer TOKEN)")
        }
        var failure: (any Error)?
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await change in changes {
                    switch change {
                    case .file(let what): keeper.requestRegeneration(reason: .changed(what))
                    case .mailbox(let folder): keeper.requestRegeneration(reason: .newMail(folder))
                    }
                }
            }
            group.addTask {
                for await _ in feedChanges { keeper.reloadFromDisk() }
            }
            do {
                try await server.run { port in
                    let shown = Self.shownHost(host)
                    // The feed's first, as before views: a script reading the first line gets it.
                    var lines = ""
                    for responder in served {
                        let url = "\(shown):\(port)/\(responder.secret.value)/\(responder.feedName)"
                        lines += "http://\(url)\nwebcal://\(url)\n"
                    }
                    // Unbuffered, so that a script reading the URLs gets them at once.
                    FileHandle.standardOutput.write(Data(lines.utf8))
                    if !quiet {
                        log("note: the first address is the whole feed; \(views.map { "\(URL(fileURLWithPath: $0.path).lastPathComponent) is the \($0.view.rawValue) view" }.joined(separator: ", ")) (\(Self.viewWords)), each with UIDs of its own")
                    }
                }
            } catch {
                failure = error
            }
            // Ends both sequences, and with them the tasks that follow them.
            changes.stop()
            feedChanges.stop()
        }
        keeper.finish()
        if let failure {
            StandardError.print("error: cannot serve on \(host):\(options.port): \(said(failure))")
            throw ExitCode.usage
        }
    }

    /// What the views leave out, as the note at start says it.
    private static let viewWords = "shared: no booking numbers, seats, names, phone numbers or links; busy: only the times, in UTC"

    /// The host for URLs: the machine's name when listening on every interface.
    private static func shownHost(_ host: String) -> String {
        if host == "0.0.0.0" || host == "::" { return ProcessInfo.processInfo.hostName }
        return host.contains(":") ? "[\(host)]" : host
    }
}
