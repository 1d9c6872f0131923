import Chrono
import EventModel

/// A booking as trips and connections see it: what it is, when, and where it starts and ends.
/// Made by the synthesis of a reservation when ``SynthesisOptions/trips`` is set
/// (``SynthesisResult/itinerary``).
package struct ItineraryItem: Sendable, Hashable {
    /// What the booking is, for trips.
    package enum Kind: Sendable, Hashable {
        /// A flight, from one airport to another.
        case flight
        /// A train, bus or boat.
        case ground
        /// A night or more somewhere.
        case lodging
        /// Something at one place: a table, a show, a rental car's pick-up.
        case visit
    }

    package var kind: Kind
    /// The event's UID in the feed's view.
    package var uid: String
    /// The event's title, as the full and shared views write it.
    package var title: String
    package var start: EventTime
    /// The end; the start again when the event has none.
    package var end: EventTime
    /// Where it starts: a journey's departure, a stay's or a visit's place.
    package var from: ItineraryPlace?
    /// Where a journey arrives; `nil` for a stay or a visit.
    package var to: ItineraryPlace?
    /// Whether the booking gives its end (an arrival, a check-out), rather than the event
    /// having a default length.
    package var endIsGiven = true

    package init(
        kind: Kind, uid: String, title: String, start: EventTime, end: EventTime, from: ItineraryPlace?, to: ItineraryPlace?
    ) {
        self.kind = kind
        self.uid = uid
        self.title = title
        self.start = start
        self.end = end
        self.from = from
        self.to = to
    }

    /// Whether it takes the person from one place to another.
    package var isJourney: Bool { kind == .flight || kind == .ground }

    /// Where the person is once it is over: where a journey arrives, else its place.
    package var endPlace: ItineraryPlace? { isJourney ? to : from }
}
