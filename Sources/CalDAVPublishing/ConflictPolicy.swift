/// What publishing does with an event that someone edited in the calendar since it was
/// published, when its reservation changed too.
public enum ConflictPolicy: String, Sendable, Hashable, CaseIterable {
    /// Leave the person's version, and report it (the default: edits win).
    case keep
    /// Replace it with the reservation's version.
    case overwrite
}
