import ArgumentParser

/// The options of `lint`.
public struct LintOptions: ParsableArguments {
    public init() {}

    /// How the findings are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        case text, json
    }

    @OptionGroup var input: InputOptions

    @Option(help: "How to print the findings.")
    var format: Format = .text

    /// What `lint` says of itself in `--help`.
    public static let discussion = """
        Reports, with file, JSON path and line: inputs that cannot be read, missing start times, \
        arrivals before departures, offsets that contradict a zone, unknown airport codes, times \
        with no zone, duplicate item references, and reservations a feed leaves out (unconfirmed \
        or already ended). Exit status: 0 nothing found; 1 findings; 2 usage or fatal error.
        """
}
