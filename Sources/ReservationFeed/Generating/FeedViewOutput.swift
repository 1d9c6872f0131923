import EventSynthesis

/// Another view of a feed (`FeedView`), written by the same run to a file of its
/// own (``FeedGenerator/generate(inputs:to:views:now:report:)``): the inputs are read and merged
/// once, and whose mail made each booking is decided once, by the main feed's memory.
public struct FeedViewOutput: Sendable, Hashable {
    /// The view.
    public var view: FeedView
    /// Its feed file, whose content is the view's previous version.
    public var path: String

    /// Creates a view's output.
    public init(view: FeedView, path: String) {
        self.view = view
        self.path = path
    }

    /// The conventional file of a view beside the feed at `feedPath`: `trips.shared.ics` beside
    /// `trips.ics` (the view's name before the extension, or after the name when there is none).
    public static func path(of view: FeedView, beside feedPath: String) -> String {
        let slash = feedPath.lastIndex(of: "/").map { feedPath.index(after: $0) } ?? feedPath.startIndex
        let name = feedPath[slash...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(feedPath).\(view.rawValue)" }
        return "\(feedPath[..<dot]).\(view.rawValue)\(feedPath[dot...])"
    }
}
