import ArgumentParser
import Basics
import IMAP
import Mailboxes
import ProgramSupport

/// `reservation-feed-mail sync`: each folder's new messages downloaded, then exit.
struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Download the folders' new messages into the cache, and print what each run brought.",
        discussion: "Prints one line per folder: messages downloaded, renumbered, too large, then the folder's URL, tab-separated.")

    @OptionGroup var options: MailOptions

    @Flag(help: "No progress on the terminal.")
    var quiet = false

    @Flag(help: "Show progress even when standard error is not a terminal (reservation-feed passes it on from its own).")
    var progress = false

    func run() throws {
        let showsProgress = !quiet && (progress || isatty(STDERR_FILENO) != 0)
        for mailbox in try options.urls() {
            do {
                let password = try options.password(for: mailbox)
                var shown = false
                let outcome = try options.folderSync.sync(mailbox, password: password) { done, total in
                    guard showsProgress, total > 0 else { return }
                    StandardError.write("\r\(mailbox): \(done) of \(total) messages")
                    shown = true
                }
                if shown { StandardError.write("\n") }
                print("\(outcome.downloaded)\t\(outcome.renumbered)\t\(outcome.tooLarge)\t\(mailbox)")
            } catch {
                if showsProgress { StandardError.write("\n") }
                StandardError.print("error: \(error); nothing was written")
                throw ExitCode(2)
            }
        }
    }
}
