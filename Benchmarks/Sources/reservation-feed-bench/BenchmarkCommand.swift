import ArgumentParser
import Foundation

/// Times `reservation-feed generate` beside its peers on the same inputs, on the same machine,
/// in one session, and checks the ratios of the performance targets.
@main
struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reservation-feed-bench",
        abstract: "Time reservation-feed beside its peers and check the performance targets.",
        discussion: """
            Every command runs several times, the commands of a comparison taking turns, so that \
            whatever else the machine does slows them alike; figures are medians, and targets are \
            ratios of medians from the same session. Progress goes to standard error, the report \
            (Markdown) to standard output.
            """)

    @Option(parsing: .upToNextOption, help: "Numbers of reservations to generate feeds of.")
    var sizes: [Int] = [1_000, 20_000, 100_000]

    @Option(help: "Runs of each command (of the python peer and KDE's extractor: --peer-runs).")
    var runs = 5

    @Option(help: "Runs of the peers, which are slow at the larger sizes.")
    var peerRuns = 3

    @Option(help: "A folder for the inputs and outputs (default: Benchmarks/.work).")
    var work: String?

    @Option(help: "The largest input KDE's extractor is given (it refuses inputs of a few megabytes).")
    var kdeMaximum = 1_000

    @Flag(help: "Leave the python peer out.")
    var skipPython = false

    @Flag(help: "Leave KDE's extractor out.")
    var skipKDE = false

    @Flag(help: "Leave serve out (it needs nginx, wrk and curl).")
    var skipServe = false

    @Flag(help: "Measure serve only.")
    var serveOnly = false

    @Flag(help: "Leave publish out (it needs Radicale and caldav in the test tools' environment).")
    var skipPublish = false

    @Flag(help: "Leave mailboxes out (they need Dovecot).")
    var skipMail = false

    @Flag(help: "Measure mailboxes only.")
    var mailOnly = false

    @Option(help: "Messages in the IMAP folder of the mailbox benchmark.")
    var mailSize = 20_000

    @Option(help: "Another build of reservation-feed (with its reservation-feed-mail beside it) whose first run over the mailbox, with KDE's extractor, is timed beside this one's.")
    var mailBaseline: String?

    @Flag(help: "Measure the seconds from a booking's arrival (mail, file) to the served feed only.")
    var arrivalOnly = false

    @Flag(help: "Leave the seconds from arrival to the served feed out (they need Dovecot).")
    var skipArrival = false

    @Flag(help: "Measure publish only.")
    var publishOnly = false

    @Option(help: "Events of the large calendar publish lists by sync-collection and in full (0 leaves it out).")
    var publishLarge = 20_000

    @Option(help: "Events publish and the python peer write into empty calendars (0 leaves that comparison out).")
    var publishSize = 1_000

    @Option(help: "Also write the report to this file.")
    var report: String?

    @Option(help: "Also write every sample, as JSON, to this file.")
    var json: String?

    /// The moment the feeds are generated at: before every event of the inputs, so none is over.
    static let now = "2026-01-01T00:00:00Z"

    func run() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var workspace = try Workspace(
            repository: repository,
            folder: URL(fileURLWithPath: work ?? repository.appendingPathComponent("Benchmarks/.work").path))
        try workspace.buildPrograms()
        try workspace.buildReservationFeed()
        // One section alone, when asked for.
        let only: (() throws -> String)? =
            if mailOnly { { try MailBenchmark(workspace: workspace, size: mailSize, baseline: mailBaseline).run() } }
            else if arrivalOnly { { try ArrivalBenchmark(workspace: workspace).run() } }
            else if publishOnly { { try PublishBenchmark(workspace: workspace, size: publishSize, largeSize: publishLarge).run() } }
            else if serveOnly { { try ServeBenchmark(workspace: workspace).run() } }
            else { nil }
        if let only {
            let text = try only()
            print(text)
            if let report { try text.write(toFile: report, atomically: true, encoding: .utf8) }
            return
        }
        let python = skipPython ? nil : try workspace.pythonWithICalendar()
        let kde = skipKDE ? nil : workspace.kdeExtractor
        var session = Session(workspace: workspace, runs: runs, peerRuns: peerRuns)
        let startLoad = Self.loadAverage()

        try session.startUp()
        for size in sizes.sorted() {
            try session.generate(size, python: python, kde: size <= kdeMaximum ? kde : nil)
        }
        if let largest = sizes.max() {
            try session.regenerate(largest)
        }

        var text = Report(session: session, sizes: sizes.sorted(), load: (startLoad, Self.loadAverage())).markdown()
        if !skipServe { text += "\n" + (try ServeBenchmark(workspace: workspace).run()) }
        if !skipPublish { text += "\n" + (try PublishBenchmark(workspace: workspace, size: publishSize, largeSize: publishLarge).run()) }
        if !skipMail { text += "\n" + (try MailBenchmark(workspace: workspace, size: mailSize, baseline: mailBaseline).run()) }
        if !skipArrival { text += "\n" + (try ArrivalBenchmark(workspace: workspace).run()) }
        print(text)
        if let report { try text.write(toFile: report, atomically: true, encoding: .utf8) }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(session.series).write(to: URL(fileURLWithPath: json))
        }
    }

    private static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }
}
