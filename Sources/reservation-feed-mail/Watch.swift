import ArgumentParser
import IMAP
import MailProgramProtocol
import ProgramSupport

/// `reservation-feed-mail watch`: the folders kept in step for as long as it runs, a line on
/// standard output after each change.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep the folders' cache up to date until stopped, printing a line after each change.",
        discussion: """
            Each folder is synced at once, then watched with IDLE where the server offers it and by asking \
            every --poll seconds where it does not. After every sync that brought something, says so (a \
            "changed" message). A server that cannot be reached is tried again with growing waits (up to 5 \
            minutes; a "retrying" message). Ends when standard input is closed.
            """)

    @OptionGroup var options: MailOptions

    @Option(help: ArgumentHelp("Seconds between checks of a server without IDLE.", valueName: "seconds"))
    var poll: Int = 5

    func run() throws {
        let sync = options.folderSync
        var loops: [@Sendable () -> Void] = []
        let tokens = options.tokens
        for mailbox in try options.urls() {
            let credential: IMAPCredential
            do {
                credential = try options.credential(for: mailbox, tokens: tokens)
            } catch {
                options.send(.failed(folder: mailbox.description, reason: "\(error)"))
                options.say("error: \(error)")
                throw ExitCode(2)
            }
            let watch = IMAPFolderWatch(sync: sync, mailbox: mailbox, credential: credential, pollInterval: poll)
            let folder = mailbox.description
            let quiet = options.quiet
            loops.append {
                watch.run(
                    changed: { StandardOutput.write(MailProgramMessage.changed(folder: folder).line) },
                    failed: { error, wait in
                        let message = MailProgramMessage.retrying(folder: folder, reason: "\(error)", seconds: wait)
                        StandardOutput.write(message.line)
                        if !quiet { StandardError.print(message.description) }
                    })
            }
        }
        // The program that started this one closes standard input when it ends, or dies; until
        // then it answers there what is asked of it (access tokens).
        WhileInputOpen.run(loops) { tokens.take(line: $0) }
        tokens.close()
        throw ExitCode.success
    }
}
