import ArgumentParser
import Foundation
import ReservationFeed

extension FeedView: ExpressibleByArgument {}

/// Who a feed is for (`--view`, `--busy-title`): `generate` and `publish` write one view.
struct ViewOptions: ParsableArguments {
    init() {}

    @Option(
        help: ArgumentHelp(
            "Who the events are for: full (everything), shared (titles, times and places; no booking numbers, seats, names, phone numbers or links), or busy (only \"Busy\" and the times, in UTC). Each view has UIDs of its own: write each to a file or calendar of its own.",
            valueName: "view"))
    var view: FeedView = .full

    @Option(help: ArgumentHelp("The title of every event in the busy view (default: Busy, in the feed's language).", valueName: "title"))
    var busyTitle: String?

    func validate() throws {
        if let busyTitle {
            guard view == .busy else { throw ValidationError("--busy-title is the title of the busy view: add --view busy") }
            guard !busyTitle.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("--busy-title: the title is empty") }
        }
    }

    /// The feed options with this view.
    func apply(to options: inout FeedOptions) {
        options.synthesis.view = view
        options.synthesis.busyTitle = busyTitle
    }
}
