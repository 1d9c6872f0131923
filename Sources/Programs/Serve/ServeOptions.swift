import ArgumentParser
import Foundation

/// The options of `serve`: the command line's, and the server program's it hands them to.
public struct ServeOptions: ParsableArguments {
    public init() {}

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The feed to keep and serve.", valueName: "feed.ics"))
    var output: String

    @OptionGroup var feed: FeedShapingOptions

    @OptionGroup var file: FeedFileOptions

    @Option(help: ArgumentHelp("The address to listen on: 127.0.0.1 (this machine only), or e.g. 0.0.0.0 for every interface.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
    var port: Int = 8080

    @Option(help: ArgumentHelp("Where donated documents are kept (default: the first input folder).", valueName: "folder"))
    var inbox: String?

    @Option(help: ArgumentHelp("The title of every event in the busy view (default: Busy, in the feed's language).", valueName: "title"))
    var busyTitle: String?

    @Flag(help: "Make new secrets for the feed and its views, so that the old URLs stop working.")
    var rotateSecret = false

    @Flag(help: "Make a new inbox token (FEED.ics.inbox-token), so that the old one opens the inbox no more.")
    var rotateInboxToken = false

    @Option(help: ArgumentHelp("How often the inputs are compared whole, besides the system's notices of changes.", valueName: "seconds"))
    var rescan: Int = 30

    @Option(help: ArgumentHelp("How long a whole request (head and body) may take to arrive, from the moment the connection is ready for it.", valueName: "seconds"))
    var requestTimeout: Int = 60

    @Option(help: ArgumentHelp("The largest document the inbox takes, in bytes, with an optional K or M.", valueName: "size"))
    var donationSize: String = "2M"

    @Option(help: ArgumentHelp("The most reservations one donation may hold; one with more is refused whole.", valueName: "count"))
    var donationReservations: Int = 500

    @Option(help: ArgumentHelp("How many donations the inbox takes in an hour; more are answered 429 until there is room.", valueName: "count"))
    var donationsPerHour: Int = 60

    @Flag(name: .shortAndLong, help: "Log errors only: no line per request, no summaries, no warnings.")
    var quiet = false

    /// ``donationSize`` in bytes, or `nil` when it is not a size.
    var donationBytes: Int? {
        var digits = Substring(donationSize)
        var scale = 1
        if let last = digits.last?.uppercased(), let shift = ["K": 10, "M": 20][last] {
            digits = digits.dropLast()
            scale = 1 << shift
        }
        guard let value = Int(digits), value > 0, value <= 1 << 30 / scale else { return nil }
        return value * scale
    }

    public func validate() throws {
        guard !output.isEmpty, output != "-" else { throw ValidationError("--output needs the feed's file: serve keeps it on disk.") }
        guard (0...65535).contains(port) else { throw ValidationError("--port needs a number from 0 to 65535.") }
        guard rescan >= 1 else { throw ValidationError("--rescan needs a number of seconds, 1 or more.") }
        guard (1...3600).contains(requestTimeout) else { throw ValidationError("--request-timeout needs a number of seconds from 1 to 3600.") }
        guard donationBytes != nil else { throw ValidationError("--donation-size needs a number of bytes from 1 to 1G, with an optional K or M.") }
        guard donationReservations >= 1 else { throw ValidationError("--donation-reservations needs a number, 1 or more.") }
        guard donationsPerHour >= 1 else { throw ValidationError("--donations-per-hour needs a number, 1 or more.") }
        if let busyTitle, busyTitle.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--busy-title: the title is empty") }
        if input.inputs.contains("-") { throw ValidationError("serve follows files and folders; standard input (-) cannot be followed.") }
    }

    /// What `serve` says of itself in `--help`.
    public static let discussion = """
        Makes the feed as generate does, prints its URL, and serves it over HTTP under a secret \
        path (kept in FEED.ics.secret, mode 0600; --rotate-secret or deleting the file makes a \
        new one). Its shared and busy views are kept beside it (FEED.shared.ics, FEED.busy.ics), \
        made by the same runs, each served under a secret of its own (FEED.shared.ics.secret, \
        FEED.busy.ics.secret); their URLs are printed after the feed's. The feed is made again, under generate's lock and rules, when an input \
        changes, and when a document is posted to the inbox (URL without the file name, then \
        /inbox, with the header Authorization: Bearer and the token kept in FEED.ics.inbox-token, \
        mode 0600; --rotate-inbox-token makes a new one): native JSON, schema.org JSON-LD, a web \
        page or an e-mail; the feed's address alone does not open it. The page at the URL \
        without the file name lists the upcoming events. Listens on 127.0.0.1 unless --host says \
        otherwise; put a TLS reverse proxy in front to serve beyond this machine. Every client is \
        bounded: a request must arrive whole within --request-timeout seconds of the connection \
        being ready for it; \
        a donation is at most --donation-size bytes and --donation-reservations reservations, \
        and the inbox takes --donations-per-hour of them. SIGTERM or SIGINT finish the requests \
        under way and exit 0.
        """
}
