import ArgumentParser

/// The options of `generate`.
public struct GenerateOptions: ParsableArguments {
    public init() {}

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The feed to write, or - for standard output.", valueName: "feed.ics"))
    var output: String

    @OptionGroup var feed: FeedShapingOptions

    @OptionGroup var file: FeedFileOptions

    @OptionGroup var view: ViewOptions

    @Option(help: ArgumentHelp("Also keep one .ics file per event in this folder, in step with the feed.", valueName: "folder"))
    var split: String?

    @Flag(name: .shortAndLong, help: "Print errors only: no summary and no warnings (for cron).")
    var quiet = false

    public func validate() throws {
        guard !output.isEmpty else { throw ValidationError("--output needs a file name, or - for standard output.") }
        if split != nil, output == "-" {
            throw ValidationError("--split keeps event files in step with a feed file; it needs --output FILE, not -.")
        }
    }

    /// What `generate` says of itself in `--help`.
    public static let discussion = """
        Each confirmed reservation that has not ended becomes one event. When the feed exists, \
        it is read back and updated in place: unchanged events stay byte for byte, changed ones \
        keep their UID and get a higher SEQUENCE, and events whose reservation left the input \
        are cancelled (--missing). A problem in one input is reported with its file, JSON path \
        and line, and the other inputs are still written (exit status 1). When an input is \
        missing, no event can be made, or the feed would lose more than half its live events, \
        nothing is written (exit status 2). The feed is replaced in one step under a lock, never \
        left half-written.
        """
}
