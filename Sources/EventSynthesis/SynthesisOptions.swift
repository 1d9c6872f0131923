/// Choices that change how reservations become events.
public struct SynthesisOptions: Sendable, Hashable {
    /// How long events last when their end is not known.
    public var defaultDurations: DefaultDurations
    /// The language of titles and notes, and the conventions of their dates and times.
    public var locale: SynthesisLocale

    /// Creates options.
    public init(defaultDurations: DefaultDurations = DefaultDurations(), locale: SynthesisLocale = .english) {
        self.defaultDurations = defaultDurations
        self.locale = locale
    }

    /// The defaults: the durations in ``DefaultDurations``, in English.
    public static let `default` = SynthesisOptions()
}
