import Chrono

/// The details of a lodging reservation (`INLodgingReservation`).
///
/// Check-in and check-out may be dates alone (`2030-06-16`) when the times are not known.
public struct LodgingStay: Sendable, Hashable, Codable {
    /// The hotel or other lodging.
    public var place: Place?
    /// When the stay starts.
    public var checkInTime: DateTimeValue?
    /// When the stay ends.
    public var checkOutTime: DateTimeValue?
    /// How many adults stay.
    public var numberOfAdults: Int?
    /// How many children stay.
    public var numberOfChildren: Int?

    /// Creates lodging details.
    public init(
        place: Place? = nil, checkInTime: DateTimeValue? = nil, checkOutTime: DateTimeValue? = nil,
        numberOfAdults: Int? = nil, numberOfChildren: Int? = nil
    ) {
        self.place = place
        self.checkInTime = checkInTime
        self.checkOutTime = checkOutTime
        self.numberOfAdults = numberOfAdults
        self.numberOfChildren = numberOfChildren
    }

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case place, checkInTime, checkOutTime, numberOfAdults, numberOfChildren
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        checkInTime = try container.decodeIfPresent(DateTimeValue.self, forKey: .checkInTime)
        checkOutTime = try container.decodeIfPresent(DateTimeValue.self, forKey: .checkOutTime)
        numberOfAdults = try container.decodeCount(forKey: .numberOfAdults)
        numberOfChildren = try container.decodeCount(forKey: .numberOfChildren)
    }
}
