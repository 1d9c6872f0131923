import ArgumentParser
import IMAP
import MailProgramProtocol
import Mailboxes
import ProgramSupport

// FoundationEssentials alone where there is one (Linux), so that the program carries none of
// Foundation's internationalisation data.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `reservation-feed-mail`: IMAP folders kept in step with their local cache, for
/// `reservation-feed` (which runs `sync` for every `imap://` or `imaps://` input, then reads the
/// cache, and `watch` while it serves or publishes with `--follow`, regenerating on each change).
/// It tells its caller what happened in ``MailProgramMessage``s, one JSON line each on standard
/// output. A program of its own so that only runs with mailboxes load libetpan.
@main
struct MailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reservation-feed-mail",
        abstract: "Keep the local copies of IMAP folders up to date, for reservation-feed.",
        discussion: """
            Messages are downloaded once each into the XDG cache ($XDG_CACHE_HOME/reservation-feed/mail, \
            or ~/.cache/reservation-feed/mail), by UIDVALIDITY and UID; nothing on the server is changed \
            or marked read. The password comes from --password-file (mode 0600), from \
            RESERVATION_FEED_IMAP_PASSWORD, or from ~/.netrc. Exit status 2 when a folder cannot be read.

            Standard output is for reservation-feed: one JSON object a line (progress, synced, changed, \
            retrying, failed), each naming its folder. Standard error is for people, and says nothing with --quiet.
            """,
        subcommands: [Sync.self, Watch.self])

    /// Runs the command line, a usage error exiting 2 as in the package's other programs.
    static func main() {
        mainWithUsageStatus()
    }
}

/// What both subcommands take.
struct MailOptions: ParsableArguments {
    @Argument(help: "IMAP folders: imaps://USER@HOST[:PORT]/FOLDER, or imap://… for STARTTLS.")
    var mailboxes: [String]

    @Option(help: ArgumentHelp("A file holding the password on its first line, readable by its owner only.", valueName: "file"))
    var passwordFile: String?

    @Option(help: ArgumentHelp("Messages larger than this many bytes are noted, not downloaded.", valueName: "bytes"))
    var messageSize: Int = 64 << 20

    @Option(help: ArgumentHelp("The cache folder (default: $XDG_CACHE_HOME/reservation-feed/mail).", valueName: "folder"))
    var cache: String?

    @Option(help: ArgumentHelp("Seconds any one network operation may take.", valueName: "seconds"))
    var timeout: Int = 60

    @Flag(help: "Nothing on standard error: the messages on standard output say it all (reservation-feed passes this).")
    var quiet = false

    func validate() throws {
        guard !mailboxes.isEmpty else { throw ValidationError("Name at least one IMAP folder.") }
        _ = try urls()
    }

    func urls() throws -> [MailboxURL] {
        try mailboxes.map { text in
            do {
                return try MailboxURL(text)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    var folderSync: IMAPFolderSync {
        let environment = ProcessInfo.processInfo.environment
        return IMAPFolderSync(
            cache: cache.map(MailCache.init(root:)) ?? MailCache.standard(environment: environment), messageLimit: messageSize,
            timeout: timeout, trustFile: environment["SSL_CERT_FILE"])
    }

    func password(for mailbox: MailboxURL) throws(IMAPError) -> String {
        try MailPassword(file: passwordFile).password(for: mailbox)
    }

    /// Tells the caller, on standard output.
    func send(_ message: MailProgramMessage) {
        StandardOutput.write(message.line)
    }

    /// Tells a person, on standard error, unless `--quiet`.
    func say(_ text: String) {
        if !quiet { StandardError.print(text) }
    }
}
