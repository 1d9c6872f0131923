/// What ``FeedBuilder`` made: the feed, how it changed, what was noticed, and what was left out.
public struct FeedBuildResult: Sendable {
    /// The feed.
    public var feed: FeedDocument
    /// How it differs from the previous feed (all `added` when there was none).
    public var changes: FeedChanges
    /// Errors and warnings about the reservations, in input order.
    public var diagnostics: [Diagnostic]
    /// Reservations left out by policy: unconfirmed, or already ended.
    public var skipped: [SkippedReservation]

    /// Creates a result.
    public init(feed: FeedDocument, changes: FeedChanges, diagnostics: [Diagnostic], skipped: [SkippedReservation]) {
        self.feed = feed
        self.changes = changes
        self.diagnostics = diagnostics
        self.skipped = skipped
    }
}
