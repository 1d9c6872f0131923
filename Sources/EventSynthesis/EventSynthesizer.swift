import Chrono
import EventModel
import Reservations

/// Turns reservations into calendar events: title, notes, place, start and end in the right
/// zones, status, reminders and a stable UID. The rules are in `Sources/ReservationFeed/ReservationFeed.docc/SynthesisRules.md`.
///
/// Synthesis is pure: the same reservation and options give the same event, with no clock,
/// file or C library involved. A synthesizer is a value; share it freely across threads.
///
/// ```swift
/// let synthesizer = EventSynthesizer(options: SynthesisOptions(locale: SynthesisLocale(tag: "fr")!))
/// let result = synthesizer.synthesize(reservation)
/// if let event = result.event { print(event.summary) }   // "Vol AY 20 · SFO → HEL"
/// ```
public struct EventSynthesizer: Sendable {
    /// The options in force.
    public let options: SynthesisOptions
    private let words: Vocabulary
    private let formatter: TimeFormatter

    /// Creates a synthesizer.
    public init(options: SynthesisOptions = .default) {
        self.options = options
        words = Vocabulary.of(options.locale)
        formatter = TimeFormatter(locale: options.locale, words: words)
    }

    /// The title of an event once its booking is cancelled, in the options' language:
    /// `Cancelled: Restaurant · EPIC Steak`. A title that already says so is left as it is.
    public func cancelledSummary(_ summary: String) -> String {
        summary.hasPrefix(words.cancelledPrefix) ? summary : words.cancelledPrefix + summary
    }

    /// Makes the event for one reservation.
    ///
    /// - Returns: The event and what was noticed; no event, with an error message, when the
    ///   reservation lacks what its category requires (see ``Reservation/requirementProblems``).
    public func synthesize(_ reservation: Reservation, context: SynthesisContext = .none) -> SynthesisResult {
        synthesize(reservation, context: context, identity: BookingIdentity(key: reservation.identityKey))
    }

    /// An event of a previous feed as the options' view may show it once it is cancelled: in
    /// the full view as it was; in the shared view without notes or links, which a feed copied
    /// in from the full view (or written by an older version) could hold; in the busy view as
    /// "Busy" with its times in UTC, as every event of that view.
    package func shownInView(_ event: CalendarEvent) -> CalendarEvent {
        var event = event
        switch options.view {
        case .full:
            break
        case .shared:
            event.notes = nil
            event.changeNotes = []
            event.url = nil
        case .busy:
            event.showBusy(as: options.busyTitle.flatMap(Text.clean) ?? words.busy, cancelledPrefix: words.cancelledPrefix)
            event.changeNotes = []
            event.bookedBy = nil
        }
        return event
    }

    /// How many change lines an event keeps (``EventModel/CalendarEvent/changeNotes``).
    public static let changeNotesKept = 3

    /// The lines that say what moved between two versions of an event, in the options'
    /// language: its start, its end, its place (`Departure: Thu, Mar 14, 2030 at 9:15 AM
    /// (Europe/Berlin), was 8:00 AM (changed Fri, Nov 27, 2026)`), each that changed; none in the
    /// busy view, which has no notes, nor for an event that is cancelled.
    ///
    /// - Parameter now: When the change was seen: the date the lines give, in the event's zone.
    package func changeNotes(from old: CalendarEvent, to new: CalendarEvent, on now: Instant) -> [String] {
        guard options.view != .busy, new.status != .cancelled else { return [] }
        let changeWords = ChangeWords.of(options.locale)
        let (startLabel, endLabel): (String, String) =
            switch new.categories.first {
            case words.flight?: (words.flightDeparture, words.flightArrival)
            case words.train?, words.bus?, words.boat?: (words.departure, words.arrival)
            case words.hotel?: (words.checkIn, words.checkOut)
            case words.rentalCar?: (words.pickUp, words.dropOff)
            default: (changeWords.starts, changeWords.ends)
            }
        let day: LocalDate
        if case .zoned(_, let zone, _) = new.start, let there = EventTime.zoned(instant: now, in: zone), case .zoned(let local, _, _) = there {
            day = local.date
        } else {
            day = now.utcDateTime.date
        }
        let date = formatter.text(.date(day))
        func line(_ label: String, _ now: String, _ was: String) -> String {
            let text = "\(label)\(words.labelSeparator)\(changeWords.changed(now, was, date))"
            return String(text.map { $0.isNewline ? " " : $0 })
        }
        var lines: [String] = []
        if Self.moved(old.start, new.start) {
            lines.append(line(startLabel, formatter.text(new.start), formatter.text(old.start, besides: new.start)))
        }
        if let oldEnd = old.end, let newEnd = new.end, Self.moved(oldEnd, newEnd) {
            // A whole-day event's last day, not the day after it that iCalendar writes.
            let (newDay, oldDay) = (Self.lastDay(newEnd), Self.lastDay(oldEnd))
            lines.append(line(endLabel, formatter.text(newDay), formatter.text(oldDay, besides: newDay)))
        }
        if let oldPlace = old.location, let newPlace = new.location, Self.placeMoved(old, new) {
            lines.append(line(changeWords.place, newPlace, oldPlace))
        }
        return lines
    }

    /// The end as people say it: a whole-day event's last day.
    private static func lastDay(_ end: EventTime) -> EventTime {
        guard case .date(let day) = end else { return end }
        return .date(day.adding(days: -1))
    }

    /// Whether the place moved: where both versions have a position, when it moved by more than
    /// about 50 metres or the place's name (the text before the first comma) changed, so that an
    /// address written in another language is the same place and the hotel next door is not;
    /// else when its text changed.
    private static func placeMoved(_ old: CalendarEvent, _ new: CalendarEvent) -> Bool {
        if let before = old.geo, let after = new.geo {
            let name = { (event: CalendarEvent) in event.location?.split(separator: ",", maxSplits: 1).first.map(String.init) }
            return abs(before.latitude - after.latitude) > 0.0005 || abs(before.longitude - after.longitude) > 0.0005 || name(old) != name(new)
        }
        return old.location != new.location
    }

    /// Whether a time moved: another instant, or another day for a date.
    private static func moved(_ old: EventTime, _ new: EventTime) -> Bool {
        switch (old, new) {
        case (.date(let before), .date(let after)): before != after
        case (.date, _), (_, .date): true
        default: old.instant != new.instant
        }
    }

    /// The connections and trips of a feed's bookings (``SynthesisOptions/trips``), as the
    /// options' view shows them; none when the options ask for none.
    ///
    /// - Parameters:
    ///   - items: The bookings, as their synthesis described them (``SynthesisResult/itinerary``).
    ///   - previousTrips: The trips of the previous feed, with their bookings' UIDs, whose UIDs the
    ///     trips keep.
    package func plan(_ items: [ItineraryItem], previousTrips: [(uid: String, bookings: [String])]) -> TripPlan {
        guard let trips = options.trips else { return TripPlan() }
        let planner = TripPlanner(options: trips, words: words, tripWords: TripWords.of(options.locale), formatter: formatter)
        var plan = planner.plan(items, previousTrips: previousTrips)
        if options.view == .busy {
            let title = options.busyTitle.flatMap(Text.clean) ?? words.busy
            for index in plan.events.indices { plan.events[index].showBusy(as: title, cancelledPrefix: words.cancelledPrefix) }
        }
        return plan
    }

    /// Makes the event for one reservation whose identity the caller has worked out already
    /// (from the identity key it merged by): it is not worked out again.
    package func synthesize(_ reservation: Reservation, context: SynthesisContext, identity: BookingIdentity) -> SynthesisResult {
        var synthesis = ReservationSynthesis(
            reservation, options: options, words: words, formatter: formatter, context: context, identity: identity)
        return synthesis.run()
    }
}
