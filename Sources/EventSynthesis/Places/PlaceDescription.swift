import Basics
import Chrono
import EventModel
import Reservations

/// Where an event happens, in the forms an event needs: text for `LOCATION`, a point for `GEO`,
/// and Apple's structured location.
struct PlaceDescription {
    /// The name people look for (`Glo Hotel Sello`, `San Francisco International Airport (SFO)`).
    var name: String?
    /// The postal address on one line.
    var address: String?
    /// The position, when known (never the (0, 0) that means unknown).
    var coordinates: Coordinates?

    /// - Parameter countryName: The name of a country from its ISO code, for addresses that give
    ///   only the code.
    init(name: String?, address: PostalAddress?, coordinates: Coordinates?, countryName: (String) -> String) {
        self.name = Text.clean(name)
        self.address = address.flatMap { Self.oneLine($0, countryName: countryName) }
        self.coordinates = coordinates?.isKnown == true ? coordinates : nil
    }

    /// `Name, street, postcode city, region, country`, with what is known.
    var locationText: String? {
        guard let address else { return name }
        guard let name else { return address }
        return address.hasPrefix(name) ? address : "\(name), \(address)"
    }

    var geo: GeoCoordinate? {
        coordinates.map { GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
    }

    var structuredLocation: StructuredLocation? {
        guard let geo, let title = name ?? address else { return nil }
        return StructuredLocation(title: title, address: address, coordinate: geo)
    }

    /// An address on one line: `369 The Embarcadero, 94105 San Francisco, CA, USA`.
    static func oneLine(_ address: PostalAddress, countryName: (String) -> String) -> String? {
        let street = address.street.map { street in
            street.allUTF8Bytes({ $0 != 0x0A && $0 != 0x0D && $0 < 0x80 })
                ? street : street.split(whereSeparator: \.isNewline).joined(separator: ", ")
        }
        let city = Text.join([address.postalCode, address.city], separator: " ")
        let country = Text.clean(address.country) ?? Text.clean(address.countryCode).map(countryName)
        return Text.join([street, city, address.region, country], separator: ", ")
    }
}
