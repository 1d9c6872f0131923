/// What the airport table makes of an airport known by name only.
public enum AirportMatch: Sendable, Hashable {
    /// Exactly one airport fits.
    case airport(AirportRecord)
    /// Several fit, all in this zone: the zone is known, the airport is not.
    case zone(String)
}
