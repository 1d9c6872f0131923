/// What happens to an event of the previous feed that the input no longer has.
public enum MissingEventPolicy: String, Sendable, Hashable, CaseIterable {
    /// Keep it as a cancelled tombstone (the default), so that subscribed calendars drop it or
    /// strike it through; an event that simply vanishes lingers in some clients.
    case cancel
    /// Keep it as it was.
    case keep
    /// Remove it from the feed.
    case drop
}
