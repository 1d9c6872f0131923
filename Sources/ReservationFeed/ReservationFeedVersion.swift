/// The version of ReservationFeed, as written in every feed's PRODID.
public enum ReservationFeedVersion {
    /// The version number.
    public static let number = "0.1.0"

    /// The PRODID of feeds this version writes.
    public static let productIdentifier = "-//ReservationFeed//reservation-feed \(number)//EN"
}
