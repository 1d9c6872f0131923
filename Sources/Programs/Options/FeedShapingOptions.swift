import ArgumentParser
import ProgramSupport
import ReservationFeed

extension MissingEventPolicy: ExpressibleByArgument {}

/// The options that shape a feed's events, shared by `generate`, `serve` and `publish`
/// (what only a feed file has, its name and refresh interval, is ``FeedFileOptions``).
struct FeedShapingOptions: ParsableArguments {
    init() {}

    @Option(help: "What happens to events whose reservation is no longer in the input: cancel (a tombstone subscribers see), keep, or drop.")
    var missing: MissingEventPolicy = .cancel

    @Option(name: .customLong("keep-past"), help: ArgumentHelp("How many days an event stays after it ended.", valueName: "days"))
    var keepPast: Int = FeedOptions().keepPastDays

    @Flag(help: "Allow the feed to lose more than half of its live events in this run (or all of them).")
    var allowShrink = false

    @Option(
        help: ArgumentHelp(
            "How long it takes to get to a departure, a table or a show (45m, 1h30m; a minute to a day): Apple Calendar blocks that time before the event and says when to leave. Other calendars ignore it.",
            valueName: "duration"))
    var travelTime: TravelTime?

    @Flag(
        help: ArgumentHelp(
            "Add your trips: a free event for each connection between two legs (tight under 60 min at one airport, 3 h between two airports of a city, 15 min at one station, 60 min between two), and a free all-day event for each trip away from home, titled by where most nights are spent."
        ))
    var trips = false

    @Option(
        help: ArgumentHelp(
            "Where you live, for --trips: a city (\"Lisbon\", \"Portland, US\") or an airport code (BER). Without it, the place the earliest journey departs from, as a warning says.",
            valueName: "place"))
    var home: String?

    @Option(
        name: .customLong("traveller"),
        help: ArgumentHelp(
            "Keep only the bookings of this person (repeat for several): the name the booking is under, or any traveller it lists, matched without case, accents or titles (\"Lovelace, Ada\" and \"LOVELACE/ADA MRS\" are Ada Lovelace; \"Ada\" is anyone named Ada). Bookings that name nobody are kept.",
            valueName: "name"))
    var travellers: [String] = []

    @Option(
        help: ArgumentHelp(
            "The file of your view key, the secret the shared and busy views' UIDs are made with, so that nobody who has a view can check a guessed booking number against them (default: $XDG_STATE_HOME or ~/.local/state/reservation-feed/view-key, made on first use). Copy it to make the same views on another machine.",
            valueName: "file"))
    var viewKey: String?

    @Option(help: ArgumentHelp("How long to wait for another run writing the same feed (publish: the same calendar).", valueName: "seconds"))
    var wait: Int = 60

    @Option(
        help: ArgumentHelp(
            "How many threads read large inputs and make events at once (default: every processor). The feed is the same whatever the number.",
            valueName: "count"))
    var jobs: Int?

    func validate() throws {
        guard (0...3_652_059).contains(keepPast) else { throw ValidationError("--keep-past needs a number of days, 0 to 3652059 (the whole calendar).") }
        guard wait >= 0 else { throw ValidationError("--wait needs a number of seconds, 0 or more.") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs needs a number of threads, 1 or more.") }
        if let home {
            guard trips else { throw ValidationError("--home says where trips start and end: give --trips too.") }
            guard TripOptions.knows(home: home) else {
                throw ValidationError(
                    "--home \"\(home)\" is neither an airport code nor a city the gazetteer knows: give a city (\"Lisbon\", \"Portland, US\") or an airport code (LIS).")
            }
        }
        for name in travellers where PersonName(name) == nil {
            throw ValidationError("--traveller \"\(name)\" names nobody: give a name as bookings write it, e.g. \"Ada Lovelace\".")
        }
    }

    /// The feed options these settings give, on top of the inputs' own.
    func apply(to options: inout FeedOptions) {
        options.missing = missing
        options.keepPastDays = keepPast
        options.allowShrink = allowShrink
        options.synthesis.travelTime = travelTime?.seconds
        options.travellers = travellers
        options.synthesis.trips = trips ? TripOptions(home: home) : nil
    }

    /// The generator these settings and the inputs' give, with the feed file's own (`file`) for
    /// the commands that write one.
    ///
    /// - Parameter servesViews: Whether the command makes the shared and busy views whatever
    ///   `view` says (`serve`): the view key is then needed, as it is for a `--view` other than
    ///   full, and only then read (or made).
    func generator(
        input: InputOptions, file: FeedFileOptions? = nil, view: ViewOptions? = nil, servesViews: Bool = false, splitFolder: String? = nil,
        quiet: Bool = false, progress: TerminalProgress? = nil
    ) throws -> FeedGenerator {
        var options = try input.feedOptions()
        apply(to: &options)
        view?.apply(to: &options)
        if viewKey != nil, !servesViews, options.synthesis.view == .full {
            StandardError.print("error: --view-key is the key of the shared and busy views: add --view shared or --view busy")
            throw ExitCode.usage
        }
        if servesViews || options.synthesis.view != .full {
            do {
                options.synthesis.viewKey = try ViewKeyFile.load(viewKey)
            } catch {
                StandardError.print("error: \(error.description)")
                throw ExitCode.usage
            }
        }
        try file?.apply(to: &options)
        var generator = FeedGenerator(options: options, importer: try input.importer(progress: progress), lockWait: wait, splitFolder: splitFolder)
        generator.mailboxes = input.mailboxes(quiet: quiet)
        if let jobs {
            generator.concurrency = jobs
            generator.importer.schemaOrgReader.concurrency = jobs
        }
        return generator
    }
}
