/// How a feed changed in one run, by event UID.
public struct FeedChanges: Sendable, Hashable, CustomStringConvertible {
    /// Events that were not in the previous feed.
    public var added: [String] = []
    /// Events whose content changed (SEQUENCE rose).
    public var updated: [String] = []
    /// Events that became cancelled: their booking was cancelled, or it left the input.
    public var cancelled: [String] = []
    /// Events of the previous feed that are no longer in it (ended long ago, or dropped).
    public var removed: [String] = []
    /// Events written exactly as before.
    public var unchanged: [String] = []

    /// Creates an empty record.
    public init() {}

    /// Adds an event to the list of its kind of change.
    mutating func record(_ change: EventChange, of uid: String) {
        switch change {
        case .added: added.append(uid)
        case .updated: updated.append(uid)
        case .cancelled: cancelled.append(uid)
        case .unchanged: unchanged.append(uid)
        case .removed: removed.append(uid)
        }
    }

    /// How each event changed, by UID.
    public var byUID: [String: EventChange] {
        var changes: [String: EventChange] = [:]
        for (change, uids) in [(EventChange.added, added), (.updated, updated), (.cancelled, cancelled), (.unchanged, unchanged), (.removed, removed)] {
            for uid in uids where changes[uid] == nil { changes[uid] = change }
        }
        return changes
    }

    /// Whether the new feed differs from the previous one in any event.
    public var isEmpty: Bool { added.isEmpty && updated.isEmpty && cancelled.isEmpty && removed.isEmpty }

    /// `2 added, 1 updated, 1 cancelled, 0 removed, 5 unchanged`.
    public var description: String {
        "\(added.count) added, \(updated.count) updated, \(cancelled.count) cancelled, \(removed.count) removed, \(unchanged.count) unchanged"
    }
}
