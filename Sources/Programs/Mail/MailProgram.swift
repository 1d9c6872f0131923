import Basics
import Foundation
import MailProgramProtocol
import Mailboxes
import ReservationFeed

/// `reservation-feed-mail`, installed beside this program, which speaks IMAP for it: `sync`
/// brings the folders' caches up to date before a run reads them (``MailboxSyncing``), `watch`
/// keeps them so while `serve` or `publish --follow` runs (``watchCommand(for:cache:)``). It
/// tells what happened in ``MailProgramMessage``s. libetpan, which speaks IMAP, is loaded only
/// by that program, and only when a mailbox is an input.
struct MailProgram: MailboxSyncing {
    /// The program's path; `nil` for `reservation-feed-mail` beside this program.
    var program: String?
    /// A file holding the password, readable by its owner only; without one, the program looks in
    /// `RESERVATION_FEED_IMAP_PASSWORD` and `~/.netrc`.
    var passwordFile: String?
    /// Whether progress may be shown on a terminal while a large folder is first downloaded.
    var showsProgress: Bool
    /// The kept sign-ins that folders of their users sign in with.
    var tokens = MailTokens()

    /// The settings of the command line (`--mail-password-file`, `--quiet`).
    init(program: String? = nil, passwordFile: String? = nil, showsProgress: Bool = true) {
        self.program = program
        self.passwordFile = passwordFile
        self.showsProgress = showsProgress
    }

    /// The users whose folders sign in with a kept sign-in: none when a password file was given,
    /// which then is what the person wants used.
    func tokenUsers(among mailboxes: [MailboxURL]) -> [String] {
        passwordFile == nil ? tokens.users(among: mailboxes) : []
    }

    /// The program's path.
    var programPath: String {
        program ?? SiblingProgram.path("reservation-feed-mail")
    }

    /// The program and arguments that keep these folders' caches up to date for as long as they
    /// run, telling each change (``MailProgramMessage/changed(folder:)``) on standard output
    /// (`reservation-feed-mail watch`).
    func watchCommand(for mailboxes: [String], cache: MailCache) -> (program: String, arguments: [String]) {
        var arguments = ["watch", "--quiet", "--cache", cache.root]
        if let passwordFile { arguments += ["--password-file", passwordFile] }
        for user in tokenUsers(among: mailboxes.compactMap { try? MailboxURL($0) }) { arguments += ["--tokens-for", user] }
        return (programPath, arguments + mailboxes)
    }

    /// Runs `reservation-feed-mail sync` and waits for it, showing its progress on a terminal.
    func sync(_ mailboxes: [MailboxURL], into cache: MailCache, messageLimit: Int) throws(MailboxSyncError) {
        let path = programPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MailboxSyncError(
                "IMAP folders are read by the program reservation-feed-mail beside this one (\(path)); build them all (swift build) and install them together")
        }
        var arguments = ["sync", "--quiet", "--cache", cache.root, "--message-size", "\(messageLimit)"]
        if let passwordFile { arguments += ["--password-file", passwordFile] }
        let users = tokenUsers(among: mailboxes)
        for user in users { arguments += ["--tokens-for", user] }
        // What it says comes as messages on its standard output; its standard error is this
        // program's, for what a program that dies unexpectedly prints.
        // Its standard input carries the access tokens it asks for, when folders sign in with them.
        let messages: (read: Int32, write: Int32)
        let input: (read: Int32, write: Int32)?
        let pid: pid_t
        do {
            messages = try ChildProcess.pipe()
            input = users.isEmpty ? nil : try ChildProcess.pipe()
        } catch {
            throw MailboxSyncError("cannot start \(path): \(error)")
        }
        do {
            pid = try ChildProcess.spawn(
                path, arguments + mailboxes.map(\.description), environment: ProcessInfo.processInfo.environment,
                streams: [input.map { .descriptor($0.read) } ?? .path("/dev/null", O_RDONLY), .descriptor(messages.write), .descriptor(STDERR_FILENO)])
        } catch {
            for end in [messages.read, messages.write, input?.read, input?.write].compactMap({ $0 }) { close(end) }
            throw MailboxSyncError("cannot start \(path): \(error)")
        }
        close(messages.write)
        if let input { close(input.read) }
        defer { if let input { close(input.write) } }
        let tokens = self.tokens
        // Progress only where a person watches: this program's own standard error is a terminal.
        let showsProgress = self.showsProgress && isatty(STDERR_FILENO) != 0
        var progressShown = false
        var failure: String?
        MailProgramMessage.read(from: messages.read) { message in
            if let input, tokens.answer(message, to: input.write) { return }
            switch message {
            case .progress:
                guard showsProgress else { return }
                FileHandle.standardError.write(Data("\r\(message)".utf8))
                progressShown = true
            case .synced, .failed, .changed, .retrying, .tokenWanted:
                if progressShown { FileHandle.standardError.write(Data("\n".utf8)) }
                progressShown = false
                if case .failed(_, let reason) = message { failure = reason }
            }
        }
        close(messages.read)
        switch ChildProcess.wait(pid) {
        case .exited(0): return
        case .exited(let status): throw MailboxSyncError(failure ?? "\(path) ended with status \(status)")
        case .signalled(let signal): throw MailboxSyncError(failure ?? "\(path) was ended by signal \(signal)")
        case .stopped(let reason): throw MailboxSyncError(failure ?? "\(path): \(reason)")
        }
    }
}
