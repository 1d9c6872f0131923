import Chrono
import Diagnostics
import EventModel
import Reservations

/// What a category contributes to an event, with its times already resolved to zones: title
/// parts, notes, place, start, end and default length. Built by the `ReservationSynthesis+Category`
/// extensions.
struct EventDraft {
    /// How an event without an end gets one.
    enum DefaultLength {
        /// A fixed number of seconds after the start.
        case seconds(Int64)
        /// Until a time of day on the day after the start (a hotel's check-out).
        case untilNextDay(LocalTime)
    }

    /// A resolved time, with the reservation's own value and field for messages.
    struct Time {
        var event: EventTime
        var given: DateTimeValue
        var field: FieldPath
    }

    /// The category's name in titles and `CATEGORIES`.
    var label: String
    /// The title after the category (`AY 20 · SFO → HEL`), if there is anything to say.
    var detail: String?
    /// Whether the title is the detail alone (a ticketed event's own name).
    var detailIsTitle = false
    var notes: NoteLines
    var place: PlaceDescription?
    /// Where the event starts, for times of the reservation that belong to no other place
    /// (its check-in window).
    var startPlace: Whereabouts
    /// Where a journey arrives, for trips; `nil` for a booking at one place.
    var endPlace: Whereabouts?
    /// The terminal or platform at each end, for connections.
    var startDetail: String?
    var endDetail: String?
    var start: Time
    var end: Time?
    var defaultLength: DefaultLength
    var transparency: Transparency = .opaque
    /// Reminders: when (resolved), what they say, the page to open.
    var reminders: [(time: Time, message: String, url: String?)] = []

    /// `Flight AY 20 · SFO → HEL`, or just `Flight` when nothing else is known.
    var title: String {
        guard let detail else { return label }
        return detailIsTitle ? detail : "\(label) \(detail)"
    }
}
