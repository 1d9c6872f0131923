import ArgumentParser
import ProgramSupport

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
