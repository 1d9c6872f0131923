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
