import Foundation
@testable import Gazetteer
@testable import Geography
import Testing
import TimeZoneMap

/// GeoNames' zone of every city of 15,000 people or more against the zone its position falls in
/// on the time-zone map: two independent sources (GeoNames' editors; timezone-boundary-builder's
/// boundaries, from OpenStreetMap). Every difference must be explained; the gazetteer keeps the
/// map's zone where they differ (``GazetteerCity/timeZone``), as the place's coordinates would.
@Suite struct ZoneMapAgreementTests {
    /// Why GeoNames and the map disagree, where they do by more than a border's width, by country
    /// and the two zones.
    static let knownDifferences: [String: String] = [
        "CN Asia/Urumqi Asia/Shanghai":
            "Xinjiang keeps two times: Beijing time officially, which the map gives, and Xinjiang time (the tz database's Asia/Urumqi, two hours behind) locally, which GeoNames gives",
        "GE Asia/Tbilisi Europe/Moscow": "Abkhazia, which Georgia claims, keeps Moscow time",
        "KZ Asia/Qostanay Asia/Qyzylorda": "Baikonur, leased to Russia, is in Qyzylorda's zone in the tz database, in Qostanay's in GeoNames",
        "MN Asia/Hovd Asia/Ulaanbaatar": "Govi-Altai and Zavkhan: the boundaries put them in Ulaanbaatar's time, GeoNames in Hovd's",
        "MX America/Monterrey America/Matamoros":
            "Mexico's municipalities on the US border keep US daylight saving time (America/Matamoros), which Monterrey has not kept since Mexico gave daylight saving time up in 2022; GeoNames has them in Monterrey's",
        "SD Africa/Khartoum Africa/Juba": "Abyei, claimed by Sudan and South Sudan",
    ]

    @Test func everyLargeCityAgreesOrIsExplained() {
        var counts: [String: Int] = [:]
        var unexplained: [String] = []
        for city in Gazetteer.allCities where city.population >= 15_000 {
            let mapZone = ZoneMap.zone(latitude: city.latitude, longitude: city.longitude)
            guard let reason = Self.explanation(city, mapZone) else {
                unexplained.append("\(city.name) (\(city.countryCode)) at \(city.latitude), \(city.longitude): \(city.geoNamesTimeZone), map \(mapZone ?? "none")")
                continue
            }
            counts[reason, default: 0] += 1
            // What the gazetteer keeps: the map's zone, GeoNames' off the map.
            #expect(city.timeZone == mapZone ?? city.geoNamesTimeZone)
        }
        #expect(unexplained.isEmpty, "\(unexplained.count) cities whose zones differ without an explanation:\n\(unexplained.joined(separator: "\n"))")
        // Most agree outright; the rest are few, and each kind is counted here for the record.
        let agreeing = counts["the same zone", default: 0]
        let total = counts.values.reduce(0, +)
        #expect(agreeing * 100 / total >= 99, "\(counts)")
        print("Gazetteer against the zone map, \(total) cities: " + counts.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: "; "))
    }

    /// Why a city's GeoNames zone is not the map's, or `nil` when nothing explains it.
    static func explanation(_ city: GazetteerCity, _ mapZone: String?) -> String? {
        guard let mapZone else { return "off the map's land (a coast or an island the map leaves out)" }
        if mapZone == city.geoNamesTimeZone { return "the same zone" }
        if CountryTimeZones.keepSameClocks(mapZone, city.geoNamesTimeZone) {
            return "zones of one clock from 2018 to 2050 (America/Indiana/Indianapolis and America/New_York)"
        }
        // A city on a border: GeoNames' point and the map's line a few kilometres apart.
        for kilometres in [2.0, 5.0, 10.0, 25.0] where ring(around: city, kilometres).contains(where: { ZoneMap.zone(latitude: $0.0, longitude: $0.1) == city.geoNamesTimeZone }) {
            return "a zone boundary within \(Int(kilometres)) km"
        }
        return knownDifferences["\(city.countryCode) \(city.geoNamesTimeZone) \(mapZone)"]
    }

    /// Sixteen points `kilometres` from a city.
    static func ring(around city: GazetteerCity, _ kilometres: Double) -> [(Double, Double)] {
        (0..<16).map { step in
            let angle = Double(step) * .pi / 8
            let latitude = city.latitude + kilometres / 111.2 * cos(angle)
            let longitude = city.longitude + kilometres / (111.2 * max(0.01, cos(city.latitude * .pi / 180))) * sin(angle)
            return (latitude, longitude)
        }
    }
}
