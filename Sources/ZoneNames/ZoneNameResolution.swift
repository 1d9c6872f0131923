import Chrono

/// The IANA zone a calendar file's zone name was taken for, and why.
public struct ZoneNameResolution: Sendable, Hashable {
    /// Why the zone was chosen.
    public enum Basis: Sendable, Hashable {
        /// The name is Windows' (`W. Europe Standard Time`), and CLDR maps it to the zone in
        /// general.
        case windowsName
        /// The name is Windows', and the zone is the one CLDR gives it in a single country: the
        /// general one keeps other clocks than the file's VTIMEZONE over the event's dates.
        case windowsNameInCountry
        /// The name is Windows' display name (`(UTC+01:00) Amsterdam, …`), and this city it names
        /// keeps the file's clocks.
        case city(String)
        /// The name is the display name Windows gives the zone (`(UTC-08:00) Pacific Time (US &
        /// Canada)`, naming no city).
        case displayName(windowsName: String)
        /// A guess: the name says nothing known, but the zone keeps the same clocks as the file's
        /// VTIMEZONE over the event's dates.
        case sameClocks
    }

    /// The IANA zone.
    public let zone: String
    /// Why it was chosen.
    public let basis: Basis
    /// Where the file's own VTIMEZONE keeps other clocks than `zone` over the event's dates,
    /// when it does: the file's rules then give the event's instant, and `zone` its wall time.
    public let disagreement: DeclaredZone.Disagreement?

    /// Creates a resolution.
    public init(zone: String, basis: Basis, disagreement: DeclaredZone.Disagreement? = nil) {
        self.zone = zone
        self.basis = basis
        self.disagreement = disagreement
    }

    /// Whether the zone is a guess (``Basis/sameClocks``), which a reader should report.
    public var isGuess: Bool { basis == .sameClocks }
}
