import Diagnostics
import EventModel

/// The events ``TripPlanner`` derives, with what it noticed.
package struct TripPlan: Sendable {
    /// Connections and trips, each with its UID in the feed's view.
    package var events: [CalendarEvent] = []
    package var diagnostics: [Diagnostic] = []
}
