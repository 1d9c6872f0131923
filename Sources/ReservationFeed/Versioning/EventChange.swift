/// How one event of a feed relates to the same event (the same UID) in the previous version of
/// the feed, as the versioning rule (`EventVersioning`) decides it.
public enum EventChange: String, Sendable, Hashable, CaseIterable {
    /// Not in the previous feed.
    case added
    /// Its content changed: SEQUENCE + 1, with a new DTSTAMP and LAST-MODIFIED.
    case updated
    /// It became cancelled (its booking was cancelled, or it left the input under
    /// ``MissingEventPolicy/cancel``), with SEQUENCE + 1 like an update.
    case cancelled
    /// Written exactly as before, version properties included.
    case unchanged
    /// It left the feed: it ended long ago, or it left the input under ``MissingEventPolicy/drop``.
    case removed
}
