import ArgumentParser
import Basics
import IMAP
import MailProgramProtocol
import Mailboxes
import ProgramSupport

/// `reservation-feed-mail sync`: each folder's new messages downloaded, then exit.
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Download the folders' new messages into the cache, and say what each run brought.",
        discussion: """
            Says, for each folder, how many messages were downloaded, renumbered and found too large (a \
            "synced" message), or why it could not be read (a "failed" message, and exit status 2).
            """)

    @OptionGroup var options: MailOptions

    @Flag(help: "Show progress even when standard error is not a terminal.")
    var progress = false

    func run() throws {
        let showsProgress = !options.quiet && (progress || isatty(STDERR_FILENO) != 0)
        let tokens = options.tokens
        if !options.tokensFor.isEmpty {
            WhileInputOpen.readInBackground(line: { tokens.take(line: $0) }, ended: { tokens.close() })
        }
        for mailbox in try options.urls() {
            let folder = mailbox.description
            do {
                let credential = try options.credential(for: mailbox, tokens: tokens)
                var shown = false
                var lastSent = ProgressClock()
                let outcome = try options.folderSync.sync(mailbox, credential: credential) { done, total in
                    guard total > 0 else { return }
                    if lastSent.isDue() || done == total { options.send(.progress(folder: folder, done: done, total: total)) }
                    guard showsProgress else { return }
                    StandardError.write("\r\(mailbox): \(done) of \(total) messages")
                    shown = true
                }
                if shown { StandardError.write("\n") }
                options.send(.synced(folder: folder, downloaded: outcome.downloaded, renumbered: outcome.renumbered, tooLarge: outcome.tooLarge))
            } catch {
                if showsProgress { StandardError.write("\n") }
                options.send(.failed(folder: folder, reason: "\(error)"))
                options.say("error: \(error); nothing was written")
                throw ExitCode(2)
            }
        }
    }
}
