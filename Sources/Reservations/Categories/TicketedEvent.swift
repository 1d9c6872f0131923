import Chrono

/// The details of a ticketed event reservation (`INTicketedEvent` and `INTicketedEventReservation`).
public struct TicketedEvent: Sendable, Hashable, Codable {
    /// What kind of event it is; films get their own wording and default length.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// A film in a cinema.
        case movie
        /// Anything else: a concert, a play, a match, a conference.
        case other

        public init(from decoder: any Decoder) throws {
            try self.init(decodingNameFrom: decoder, noun: "event kind")
        }
    }

    /// The event's own name (`Sibelius: Symphony No. 2`).
    public var name: String?
    /// Film or other.
    public var kind: Kind?
    /// Where it takes place.
    public var venue: Place?
    /// When it starts.
    public var startTime: DateTimeValue?
    /// When it ends, if known.
    public var endTime: DateTimeValue?
    /// The reserved seat.
    public var seat: Seat?
    /// How many tickets.
    public var numberOfAttendees: Int?
    /// What the organiser says of it, in their words: the description of a calendar invitation.
    public var description: String?

    /// Creates ticketed event details.
    public init(
        name: String? = nil, kind: Kind? = nil, venue: Place? = nil, startTime: DateTimeValue? = nil,
        endTime: DateTimeValue? = nil, seat: Seat? = nil, numberOfAttendees: Int? = nil, description: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.venue = venue
        self.startTime = startTime
        self.endTime = endTime
        self.seat = seat
        self.numberOfAttendees = numberOfAttendees
        self.description = description
    }

    /// The members native JSON gives the fields, of which field paths (`FieldPath+Reservation.swift`) are made.
    enum CodingKeys: String, CodingKey {
        case name, kind, venue, startTime, endTime, seat, numberOfAttendees, description
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind)
        venue = try container.decodeIfPresent(Place.self, forKey: .venue)
        startTime = try container.decodeIfPresent(DateTimeValue.self, forKey: .startTime)
        endTime = try container.decodeIfPresent(DateTimeValue.self, forKey: .endTime)
        seat = try container.decodeIfPresent(Seat.self, forKey: .seat)
        numberOfAttendees = try container.decodeCount(forKey: .numberOfAttendees)
        description = try container.decodeIfPresent(String.self, forKey: .description)
    }
}
