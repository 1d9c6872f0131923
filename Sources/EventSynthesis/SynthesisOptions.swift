/// Choices that change how reservations become events.
public struct SynthesisOptions: Sendable, Hashable {
    /// How long events last when their end is not known.
    public var defaultDurations: DefaultDurations
    /// The language of titles and notes, and the conventions of their dates and times.
    public var locale: SynthesisLocale
    /// The time it takes to get to an event one goes to (a departure, a table, a show), in
    /// seconds, written as Apple's travel time (``EventModel/CalendarEvent/travelTime``); `nil`
    /// (the default) writes none. Stays, rentals, whole days and cancelled bookings get none.
    public var travelTime: Int?
    /// Who the events are for (``FeedView``): everything (the default), or less.
    public var view: FeedView
    /// The title of every event in the ``FeedView/busy`` view; `nil` for the language's word
    /// ("Busy").
    public var busyTitle: String?
    /// A secret of the person's that the shared and busy views' UIDs are made with
    /// (``FeedView/uid(ofFull:key:)``), so that nobody who has a view can check a guessed
    /// booking number against its UIDs; `nil` makes them without one, as versions before 0.11
    /// did. The command line keeps one in `$XDG_STATE_HOME/reservation-feed/view-key`. The same
    /// key gives the same UIDs from run to run; another key, other UIDs.
    public var viewKey: String?
    /// Whether, and how, a feed adds connections between legs and one span for each trip away
    /// from home (``TripOptions``); `nil` (the default) adds neither.
    public var trips: TripOptions?

    /// Creates options.
    public init(
        defaultDurations: DefaultDurations = DefaultDurations(), locale: SynthesisLocale = .english, travelTime: Int? = nil,
        view: FeedView = .full, busyTitle: String? = nil, trips: TripOptions? = nil
    ) {
        self.trips = trips
        self.defaultDurations = defaultDurations
        self.locale = locale
        self.travelTime = travelTime
        self.view = view
        self.busyTitle = busyTitle
    }

    /// The defaults: the durations in ``DefaultDurations``, in English.
    public static let `default` = SynthesisOptions()
}
