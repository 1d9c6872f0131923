/// What ``FeedBuilder`` made: the feed, what was noticed, and what was left out.
public struct FeedBuild: Sendable {
    /// The feed.
    public var feed: Feed
    /// Errors and warnings about the reservations, in input order.
    public var diagnostics: [Diagnostic]
    /// Reservations left out by policy: unconfirmed, or already ended.
    public var skipped: [SkippedReservation]

    /// Creates a result.
    public init(feed: Feed, diagnostics: [Diagnostic], skipped: [SkippedReservation]) {
        self.feed = feed
        self.diagnostics = diagnostics
        self.skipped = skipped
    }
}
