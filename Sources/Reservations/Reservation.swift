import Chrono

/// One booked thing: a flight, a stay, a rental car, a table, a ticket, or a train, bus or boat
/// trip, as an app or an e-mail knows it.
///
/// The common fields follow Apple's `INReservation`; the category and its own details are in
/// ``details``. In native JSON all of them sit in one object, with `type` naming the category:
///
/// ```json
/// { "type": "restaurant", "reservationNumber": "IWDSCA", "status": "confirmed",
///   "place": {"name": "EPIC Steak"}, "startTime": "2030-06-14T19:30:00-07:00", "partySize": 2 }
/// ```
///
/// Identity: ``reservationNumber`` is the booking reference people see and that e-mails repeat;
/// ``itemReference`` identifies one part of a booking (one leg of a round trip) within the source.
public struct Reservation: Sendable, Hashable {
    /// The identifier of this part of a booking, unique within its source
    /// (`INReservation.itemReference`); it stays the same when the booking changes.
    public var itemReference: String?
    /// The booking reference or confirmation number (`IWDSCA`), shared by all parts of a booking.
    public var reservationNumber: String?
    /// Whether the booking is confirmed, pending, held or cancelled.
    public var status: ReservationStatus
    /// The name the booking is under.
    public var holderName: String?
    /// Everyone the booking is for, as its sources name them (schema.org `underName`, each
    /// passenger of a group booking), the holder among them when a source names them so; empty
    /// when only ``holderName`` is known. `--traveller` keeps bookings by these names.
    public var travellers: [String] = []
    /// When the booking was made.
    public var bookingTime: DateTimeValue?
    /// When the source last changed this information (schema.org `modifiedTime`). When several
    /// sources describe one booking, the newest wins field by field.
    public var modifiedTime: DateTimeValue?
    /// A web page where the booking can be seen or managed.
    public var url: String?
    /// Who provides the service: the airline, hotel, rental company or operator.
    public var provider: Organization?
    /// Who sold the booking, when that is not the provider (a travel agency, a booking site).
    public var broker: Organization?
    /// Online check-in, when it is offered.
    public var checkInAction: CheckInAction?
    /// The category and what belongs to it.
    public var details: ReservationDetails

    /// Creates a reservation.
    public init(
        details: ReservationDetails, itemReference: String? = nil, reservationNumber: String? = nil,
        status: ReservationStatus = .unknown, holderName: String? = nil, bookingTime: DateTimeValue? = nil,
        modifiedTime: DateTimeValue? = nil, url: String? = nil, provider: Organization? = nil, broker: Organization? = nil,
        checkInAction: CheckInAction? = nil
    ) {
        self.details = details
        self.itemReference = itemReference
        self.reservationNumber = reservationNumber
        self.status = status
        self.holderName = holderName
        self.bookingTime = bookingTime
        self.modifiedTime = modifiedTime
        self.url = url
        self.provider = provider
        self.broker = broker
        self.checkInAction = checkInAction
    }

    /// The category of the reservation.
    public var category: ReservationCategory { details.category }
}

extension Reservation: Codable {
    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case type, itemReference, reservationNumber, status, holderName, travellers, bookingTime, modifiedTime, url, provider, broker,
            checkInAction
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.contains(.type) else {
            let names = ReservationCategory.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.keyNotFound(
                CodingKeys.type,
                .init(codingPath: decoder.codingPath, debugDescription: "every reservation needs a type, one of \(names)"))
        }
        let category = try container.decode(ReservationCategory.self, forKey: .type)
        itemReference = try container.decodeIfPresent(String.self, forKey: .itemReference)
        reservationNumber = try container.decodeIfPresent(String.self, forKey: .reservationNumber)
        status = try container.decodeIfPresent(ReservationStatus.self, forKey: .status) ?? .unknown
        holderName = try container.decodeIfPresent(String.self, forKey: .holderName)
        travellers = try container.decodeIfPresent([String].self, forKey: .travellers) ?? []
        bookingTime = try container.decodeIfPresent(DateTimeValue.self, forKey: .bookingTime)
        modifiedTime = try container.decodeIfPresent(DateTimeValue.self, forKey: .modifiedTime)
        url = try container.decodeIfPresent(String.self, forKey: .url)
        provider = try container.decodeIfPresent(Organization.self, forKey: .provider)
        broker = try container.decodeIfPresent(Organization.self, forKey: .broker)
        checkInAction = try container.decodeIfPresent(CheckInAction.self, forKey: .checkInAction)
        details = try ReservationDetails(category: category, from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category, forKey: .type)
        try container.encodeIfPresent(itemReference, forKey: .itemReference)
        try container.encodeIfPresent(reservationNumber, forKey: .reservationNumber)
        if status != .unknown { try container.encode(status, forKey: .status) }
        try container.encodeIfPresent(holderName, forKey: .holderName)
        if !travellers.isEmpty { try container.encode(travellers, forKey: .travellers) }
        try container.encodeIfPresent(bookingTime, forKey: .bookingTime)
        try container.encodeIfPresent(modifiedTime, forKey: .modifiedTime)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encodeIfPresent(provider, forKey: .provider)
        try container.encodeIfPresent(broker, forKey: .broker)
        try container.encodeIfPresent(checkInAction, forKey: .checkInAction)
        try details.encode(to: encoder)
    }
}
