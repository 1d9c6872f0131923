/// Choices that change how reservations become events.
public struct SynthesisOptions: Sendable, Hashable {
    /// How long events last when their end is not known.
    public var defaultDurations: DefaultDurations

    /// Creates options.
    public init(defaultDurations: DefaultDurations = DefaultDurations()) {
        self.defaultDurations = defaultDurations
    }

    /// The defaults.
    public static let `default` = SynthesisOptions()
}
