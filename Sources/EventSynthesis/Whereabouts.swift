import Airports
import Chrono
import Reservations

/// What is known about where a time happens, as evidence for its zone: the airport (from the
/// airport table), the country, the position, and a zone stated on another time at the same place.
struct Whereabouts: Sendable {
    /// The airport, when the place is one the table knows.
    var airport: AirportRecord?
    /// The ISO 3166-1 alpha-2 country code.
    var countryCode: String?
    /// The position, when known.
    var coordinates: (latitude: Double, longitude: Double)?
    /// An IANA zone given on another time at this place (a check-in's zone, for its check-out).
    var statedZone: String?
    /// The place's city, when its address gives one.
    var city: String?

    /// The zone of the place's city, when the airport table knows the city (looked up only when
    /// the other evidence leaves a choice).
    var cityZone: String? {
        guard let city, let countryCode else { return nil }
        return AirportDirectory.timeZone(ofCity: city, countryCode: countryCode)
    }

    /// Nothing known.
    static let unknown = Whereabouts()

    /// The zone the place is known to keep: its airport's, else one stated for it, else its
    /// country's when the country keeps one zone only.
    var knownZone: (zone: String, source: String)? {
        if let airport { return (airport.timeZone, airport.iataCode) }
        if let statedZone { return (statedZone, "the place") }
        if let countryCode, let zone = TimeZoneDirectory.onlyZone(ofCountry: countryCode) { return (zone, countryCode) }
        return nil
    }

    /// A place with the times that happen there (whose stated zones count as evidence).
    init(place: Place?, times: [DateTimeValue?] = []) {
        countryCode = Self.country(place?.address)
        if let coordinates = place?.coordinates, coordinates.isKnown {
            self.coordinates = (coordinates.latitude, coordinates.longitude)
        }
        statedZone = times.lazy.compactMap { $0?.timeZone }.first { !TimeZoneRules.isUTC($0) }
        city = place?.address?.city
    }

    /// An airport, found in the table by IATA or ICAO code, with the times that happen there.
    init(airport: Airport?, times: [DateTimeValue?] = []) {
        self.init(place: nil, times: times)
        guard let airport else { return }
        let record = airport.iataCode.flatMap(AirportDirectory.airport(iata:))
            ?? airport.icaoCode.flatMap(AirportDirectory.airport(icao:))
        self.airport = record
        countryCode = Self.country(airport.address) ?? record?.countryCode
        if let coordinates = airport.coordinates, coordinates.isKnown {
            self.coordinates = (coordinates.latitude, coordinates.longitude)
        } else if let record {
            self.coordinates = (record.latitude, record.longitude)
        }
    }

    private init() {}

    /// The country of an address: its code, else its name.
    static func country(_ address: PostalAddress?) -> String? {
        guard let address else { return nil }
        return address.countryCode.flatMap(TimeZoneDirectory.countryCode(for:))
            ?? address.country.flatMap(TimeZoneDirectory.countryCode(for:))
    }
}
