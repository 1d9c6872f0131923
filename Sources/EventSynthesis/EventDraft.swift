import Chrono
import EventModel
import Reservations

/// What a category contributes to an event before times are resolved: its title, notes, place,
/// times and default length. Built by the `EventSynthesizer+Category` extensions.
struct EventDraft {
    /// How an event without an end gets one.
    enum DefaultLength {
        /// A fixed number of seconds after the start.
        case seconds(Int64)
        /// Until a time of day on the day after the start (a hotel's check-out).
        case untilNextDay(LocalTime)
    }

    /// A time and the native JSON field it came from, for messages.
    struct Time {
        var value: DateTimeValue
        var field: String
    }

    /// The category's name in titles and `CATEGORIES`.
    var label: String
    /// The title without the category prefix (`AY 20 · SFO → HEL`), if there is anything to say.
    var detail: String?
    /// Whether the title is the detail alone (a ticketed event's own name).
    var detailIsTitle = false
    var notes = NoteLines()
    var place: PlaceDescription?
    var start: Time
    var end: Time?
    var defaultLength: DefaultLength
    var transparency: Transparency = .opaque
    /// The zone to read floating times of this reservation in, such as a boarding time.
    var zoneHint: String?
    /// Times that become reminders: when, what it says, the page to open.
    var reminders: [(time: Time, message: String, url: String?)] = []

    /// `Flight AY 20 · SFO → HEL`, or just `Flight` when nothing else is known.
    var title: String {
        guard let detail else { return label }
        return detailIsTitle ? detail : "\(label) \(detail)"
    }
}
