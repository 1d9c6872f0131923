import Foundation
import Geography

/// Where a booking happens, as trips and connections need it: what to call it, its city and
/// country, and where it is.
package struct ItineraryPlace: Sendable, Hashable {
    /// `Munich Airport (MUC)`, `Berlin Hbf`, `Hotel Avenida`.
    package var name: String?
    /// The airport's IATA code, for an airport.
    package var code: String?
    /// The city, as the airport table or the address names it.
    package var city: String?
    /// The ISO 3166-1 alpha-2 country code.
    package var countryCode: String?
    /// Where it is, in degrees.
    package var latitude: Double?
    package var longitude: Double?
    /// Its terminal or platform, when known.
    package var detail: String?

    package init(
        name: String? = nil, code: String? = nil, city: String? = nil, countryCode: String? = nil, latitude: Double? = nil,
        longitude: Double? = nil, detail: String? = nil
    ) {
        self.name = name
        self.code = code
        self.city = city
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.detail = detail
    }

    /// Whether the two are one place: the same airport, or the same name in one city.
    package func isSamePlace(as other: ItineraryPlace) -> Bool {
        if let code, let otherCode = other.code { return code == otherCode }
        guard code == nil, other.code == nil, let name, let otherName = other.name else { return false }
        return Self.folded(name) == Self.folded(otherName) && isSameCity(as: other)
    }

    /// Whether the two are in one city: less than ``TripOptions/sameCityKilometres`` apart, or
    /// the same city's name (in one country, when both give theirs) less than
    /// ``TripOptions/sameNameKilometres`` apart or with a position unknown: Narita and Haneda are
    /// Tokyo's, Portland, Oregon and Portland, Maine are not one.
    package func isSameCity(as other: ItineraryPlace) -> Bool {
        let distance = kilometres(to: other)
        if let distance, distance < TripOptions.sameCityKilometres { return true }
        guard let city, let otherCity = other.city, Self.folded(city) == Self.folded(otherCity),
            countryCode == nil || other.countryCode == nil || countryCode == other.countryCode
        else { return false }
        return distance.map { $0 < TripOptions.sameNameKilometres } ?? true
    }

    /// The distance to another place, when both positions are known.
    package func kilometres(to other: ItineraryPlace) -> Double? {
        guard let latitude, let longitude, let otherLatitude = other.latitude, let otherLongitude = other.longitude else { return nil }
        return GreatCircle.kilometres(latitude, longitude, otherLatitude, otherLongitude)
    }

    /// `Munich (MUC)`, `Munich`, `Berlin Hbf`: the city with the airport's code, else what is known.
    package var shortName: String? {
        switch (city, code) {
        case (let city?, let code?): "\(city) (\(code))"
        case (let city?, nil): name.map { Self.folded($0).hasPrefix(Self.folded(city)) ? $0 : "\(city) (\($0))" } ?? city
        case (nil, let code?): code
        case (nil, nil): name
        }
    }

    /// A name for comparing: lower case, without accents or surrounding spaces.
    package static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: .whitespaces)
    }
}
