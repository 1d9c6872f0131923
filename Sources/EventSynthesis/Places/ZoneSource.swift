import Gazetteer

/// What a place's zone was found from, as messages name it: an airport's code, a country's, a
/// city's name, what the gazetteer found, or a position on the time-zone map.
///
/// Kept as a value and put into words only when a message is said: every place of every
/// reservation has one, and few ever appear in a message.
struct ZoneSource: Sendable, CustomStringConvertible {
    private enum Kind: Sendable {
        case named(String)
        case found(GazetteerMatch)
        case city(GazetteerCity)
        case position(zone: String, latitude: Double, longitude: Double)
    }

    private let kind: Kind

    /// A name that stands for the place: `SFO`, `FI`, `Austin`, `the place`; or the zone itself,
    /// when it is the zone that was stated.
    static func named(_ name: String) -> ZoneSource { ZoneSource(kind: .named(name)) }

    /// What the gazetteer found: `Portland, Maine`, `Oregon`.
    static func found(_ match: GazetteerMatch) -> ZoneSource { ZoneSource(kind: .found(match)) }

    /// One of the gazetteer's cities: `Portland, Oregon`.
    static func city(_ city: GazetteerCity) -> ZoneSource { ZoneSource(kind: .city(city)) }

    /// The zone a position falls in on the time-zone map: `Europe/Helsinki, the zone at 65.8477, 24.1473`.
    static func position(zone: String, latitude: Double, longitude: Double) -> ZoneSource {
        ZoneSource(kind: .position(zone: zone, latitude: latitude, longitude: longitude))
    }

    var description: String {
        switch kind {
        case .named(let name): name
        case .found(let match): match.description
        case .city(let city): city.description
        case .position(let zone, let latitude, let longitude):
            "\(zone), the zone at \(Whereabouts.degrees(latitude)), \(Whereabouts.degrees(longitude))"
        }
    }

    /// This source with the zone it gave, as messages say it: `SFO's zone America/Los_Angeles`,
    /// `the place's zone Europe/Helsinki`; a source that names its zone itself (a stated zone, a
    /// position on the map) as it is.
    func giving(_ zone: String) -> ZoneEvidence { ZoneEvidence(zone: zone, source: self) }

    /// Whether the source's words name the zone itself.
    func names(_ zone: String) -> Bool {
        switch kind {
        case .named(let name): name == zone || name.hasPrefix("\(zone), ")
        case .position(let positionZone, _, _): positionZone == zone
        case .found, .city: description == zone || description.hasPrefix("\(zone), ")
        }
    }
}
