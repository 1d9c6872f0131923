import Diagnostics
import EventModel

/// The event made from one reservation, with what synthesis noticed on the way.
public struct SynthesisResult: Sendable, Hashable {
    /// The event, or `nil` when the reservation could not become one (see ``diagnostics``).
    public var event: CalendarEvent?
    /// Errors and warnings about the reservation, each naming the field it concerns; without an
    /// origin, since synthesis sees values, not inputs (the feed builder adds where each
    /// reservation was read).
    public var diagnostics: [Diagnostic]
    /// The booking as trips and connections see it, when ``SynthesisOptions/trips`` is set and
    /// the event is not cancelled.
    package var itinerary: ItineraryItem?
    /// In a view made with a key (``SynthesisOptions/viewKey``), the UID the view gave the
    /// event before keys: a view made by an earlier version keeps its events under those.
    package var unkeyedUID: String?

    /// Creates a result.
    public init(event: CalendarEvent?, diagnostics: [Diagnostic] = []) {
        self.event = event
        self.diagnostics = diagnostics
    }
}
