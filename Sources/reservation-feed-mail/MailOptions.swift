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

/// What both subcommands take: the folders, and how to reach and keep them.
struct MailOptions: ParsableArguments {
    @Argument(help: "IMAP folders: imaps://USER@HOST[:PORT]/FOLDER, or imap://… for STARTTLS.")
    var mailboxes: [String]

    @Option(help: ArgumentHelp("A file holding the password on its first line, readable by its owner only.", valueName: "file"))
    var passwordFile: String?

    @Option(
        help: ArgumentHelp(
            "A user whose folders sign in with OAuth 2.0 (repeatable): its access tokens are asked for on standard output and read from standard input (reservation-feed passes this for its kept sign-ins).",
            valueName: "user"))
    var tokensFor: [String] = []

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

    /// How `mailbox` signs in: with the tokens of `tokens` for a user named by `--tokens-for`,
    /// else with its password.
    func credential(for mailbox: MailboxURL, tokens: StandardInputTokens) throws(IMAPError) -> IMAPCredential {
        if tokensFor.contains(mailbox.user) { return .tokens(tokens) }
        return .password(try MailPassword(file: passwordFile).password(for: mailbox))
    }

    /// The tokens the calling program gives, asked for on standard output.
    var tokens: StandardInputTokens {
        StandardInputTokens { StandardOutput.write($0.line) }
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
