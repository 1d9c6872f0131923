/// The version of ReservationFeed, as `reservation-feed --version` prints it, the Debian package
/// carries it and every feed's PRODID names it. It is the newest entry of CHANGELOG.md (a test
/// holds the two together).
public enum ReservationFeedVersion {
    /// The version number.
    public static let number = "0.11.0"

    /// The PRODID of feeds this version writes.
    public static let productIdentifier = "-//ReservationFeed//reservation-feed \(number)//EN"
}
