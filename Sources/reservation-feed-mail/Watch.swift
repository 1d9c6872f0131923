import ArgumentParser
import Basics
import IMAP
import Mailboxes
import ProgramSupport

/// `reservation-feed-mail watch`: the folders kept in step for as long as it runs, a line on
/// standard output after each change.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep the folders' cache up to date until stopped, printing a line after each change.",
        discussion: """
            Each folder is synced at once, then watched with IDLE where the server offers it and by asking \
            every --poll seconds where it does not. After every sync that brought something, prints \
            "changed<TAB>URL". A server that cannot be reached is tried again with growing waits (up to 5 minutes). \
            Ends when standard input is closed.
            """)

    @OptionGroup var options: MailOptions

    @Option(help: ArgumentHelp("Seconds between checks of a server without IDLE.", valueName: "seconds"))
    var poll: Int = 5

    func run() throws {
        let mailboxes = try options.urls()
        let sync = options.folderSync
        for mailbox in mailboxes {
            let password: String
            do {
                password = try options.password(for: mailbox)
            } catch {
                StandardError.print("error: \(error)")
                throw ExitCode(2)
            }
            let watch = IMAPFolderWatch(sync: sync, mailbox: mailbox, password: password, pollInterval: poll)
            DetachedThread.start {
                watch.run(
                    changed: {
                        StandardOutput.write("changed\t\(mailbox)\n")
                    },
                    failed: { error, wait in
                        StandardError.print("warning: \(error); trying again in \(wait) s")
                    })
            }
        }
        // The program that started this one closes standard input when it ends, or dies.
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) > 0 {}
        throw ExitCode.success
    }
}
