/// Choices for the events a feed derives from its bookings (``SynthesisOptions/trips``):
/// connections between legs, and one span for each trip away from home.
///
/// ```swift
/// var options = SynthesisOptions()
/// options.trips = TripOptions(home: "Berlin")
/// ```
public struct TripOptions: Sendable, Hashable {
    /// Where the person lives: a city (`Lisbon`, `Portland, US`, `Portland, Oregon`) or an
    /// airport's IATA code in capitals (`BER`; `Hof` is the city). `nil` takes the place the
    /// earliest journey departs from, and says so.
    public var home: String?
    /// Below this, a change at one airport is tight, in seconds: 60 minutes by default, the time
    /// most hubs need for a change between two flights with the bags checked through.
    public var tightAtOneAirport: Int
    /// Below this, a change between two airports of one city (JFK to LGA) is tight, in seconds:
    /// 3 hours by default.
    public var tightBetweenAirports: Int
    /// Below this, a change at one station or port is tight, in seconds: 15 minutes by default.
    public var tightAtOneStation: Int
    /// Below this, a change between two stations or ports of one city is tight, in seconds:
    /// 60 minutes by default.
    public var tightBetweenStations: Int

    /// Creates options.
    public init(
        home: String? = nil, tightAtOneAirport: Int = 60 * 60, tightBetweenAirports: Int = 3 * 3600, tightAtOneStation: Int = 15 * 60,
        tightBetweenStations: Int = 60 * 60
    ) {
        self.home = home
        self.tightAtOneAirport = tightAtOneAirport
        self.tightBetweenAirports = tightBetweenAirports
        self.tightAtOneStation = tightAtOneStation
        self.tightBetweenStations = tightBetweenStations
    }

    /// Whether a home names a place this library knows: an airport's IATA code, or a city of
    /// the gazetteer (`Lisbon`, `Portland, US`, `Lisbon, Portugal`). Another home is matched by
    /// its name alone, with a warning.
    public static func knows(home: String) -> Bool {
        TripPlanner.place(named: home) != nil
    }

    /// Legs further apart than this are not connected, in seconds: 24 hours.
    public static let longestConnection = 24 * 3600
    /// Two places this close, in kilometres, are in one city (an airport and the town it serves,
    /// JFK and LaGuardia), whatever their addresses call their cities.
    public static let sameCityKilometres = 50.0
    /// Two places of one city's name this close, in kilometres, are that city (Narita is 60 km
    /// from Tokyo); further apart, they are two cities of one name (Portland, Oregon and Maine).
    public static let sameNameKilometres = 150.0
    /// A trip whose last journey left the person away goes on this long without a booking, in
    /// days; a trip with no journey away (a hotel reached by car) ends after a gap of
    /// ``gapWithoutJourney`` days.
    public static let gapWhileAway = 30
    /// See ``gapWhileAway``.
    public static let gapWithoutJourney = 2
}
