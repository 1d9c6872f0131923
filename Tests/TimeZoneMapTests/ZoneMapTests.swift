import Basics
import Chrono
import Dispatch
import Foundation
import TestSupport
import Testing

@testable import TimeZoneMap

@Suite("Time zones from coordinates, by real boundaries")
struct ZoneMapTests {
    @Test("both sides of borders where the clocks differ, a kilometre or two apart", arguments: [
        // Haparanda and Tornio face each other across the Torne: an hour apart, and the nearest
        // airport to both (Kemi-Tornio) is in Finland.
        (65.8314, 24.1336, "Europe/Stockholm"), (65.8477, 24.1473, "Europe/Helsinki"),
        // Tui and Valença across the Minho: Spain keeps Central European time, Portugal Western.
        (42.0474, -8.6448, "Europe/Madrid"), (42.0278, -8.6442, "Europe/Lisbon"),
        // Birgunj and Raxaul: Nepal is 15 minutes ahead of India.
        (27.0104, 84.8774, "Asia/Kathmandu"), (26.9800, 84.8500, "Asia/Kolkata"),
        // Terespol and Brest across the Bug: Poland and Belarus, one or two hours apart.
        (52.0753, 23.6167, "Europe/Warsaw"), (52.0976, 23.7341, "Europe/Minsk"),
        // Kirkenes and Nikel: Norway and Russia.
        (69.7271, 30.0450, "Europe/Oslo"), (69.4081, 30.2219, "Europe/Moscow"),
    ] as [(Double, Double, String)])
    func borders(latitude: Double, longitude: Double, zone: String) throws {
        #expect(ZoneMap.zone(latitude: latitude, longitude: longitude) == zone)
    }

    @Test("4,000 random points on land are where timezonefinder, another reader of the same boundaries, puts them")
    func reference() throws {
        let text = try String(contentsOf: Repository.url("Tests/TimeZoneMapTests/Fixtures/reference-points.tsv"), encoding: .utf8)
        var points = 0
        var unexplained: [String] = []
        // Where boundaries overlap, the map keeps the zone used there in practice and
        // timezonefinder the other one.
        let overlaps: Set = ["Asia/Urumqi: Asia/Shanghai", "Asia/Tbilisi: Europe/Moscow", "Africa/Juba: Africa/Khartoum"]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            try #require(fields.count == 4, "\(line)")
            let (latitude, longitude) = (try #require(Double(fields[0])), try #require(Double(fields[1])))
            let edge = try #require(Double(fields[3]))
            points += 1
            let zone = ZoneMap.zone(latitude: latitude, longitude: longitude) ?? "no zone"
            guard zone != String(fields[2]), !overlaps.contains("\(fields[2]): \(zone)") else { continue }
            // Otherwise only a point within one deepest cell (about 300 m) of its zone's edge
            // may land on the other side.
            if edge >= 0.004 { unexplained.append("\(line): \(zone)") }
        }
        #expect(points == 4_000)
        #expect(unexplained.isEmpty, "\(unexplained)")
    }

    @Test("a point asked again, on this thread or on several at once, gets the same zone, also past the points a thread remembers")
    func remembered() {
        // 6,000 points on a lattice over Europe and Asia: more than the 4,096 a thread keeps.
        let points: [(Double, Double)] = (0..<6_000).map { index in
            let latitude = 30.0 + Double(index / 100) * 0.5
            let longitude = -10.0 + Double(index % 100) * 1.2
            return (latitude, longitude)
        }
        let first = points.map { ZoneMap.zone(latitude: $0.0, longitude: $0.1) }
        #expect(first.compactMap { $0 }.count > 3_000)
        #expect(points.map { ZoneMap.zone(latitude: $0.0, longitude: $0.1) } == first)
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { run in
            // Each thread in its own order, so that what one remembers is asked of another.
            for offset in 0..<points.count {
                let index = (offset * (run + 1) * 7) % points.count
                if ZoneMap.zone(latitude: points[index].0, longitude: points[index].1) != first[index] { mismatches.withLock { $0 += 1 } }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test("the open sea is in no zone", arguments: [(56.0, 18.5), (40.0, -40.0), (0.0, -150.0), (-60.0, 100.0)])
    func sea(latitude: Double, longitude: Double) {
        #expect(ZoneMap.zone(latitude: latitude, longitude: longitude) == nil)
    }

    @Test("a country's waters are its zone's: a pier, or a ferry off the coast")
    func waters() {
        #expect(ZoneMap.zone(latitude: 60.05, longitude: 25.0) == "Europe/Helsinki")  // off Helsinki
        #expect(ZoneMap.zone(latitude: 36.0, longitude: -5.5) == "Europe/Madrid")  // the Strait of Gibraltar
    }

    @Test("where boundaries overlap, the zone kept there in practice", arguments: [
        (43.8256, 87.6168, "Asia/Shanghai"),  // Ürümqi: Beijing time, as its airport and railways keep
        (39.4704, 75.9898, "Asia/Shanghai"),  // Kashgar
        (43.0015, 41.0234, "Europe/Moscow"),  // Sukhumi, Abkhazia
        (31.9038, 35.2034, "Asia/Hebron"),  // Ramallah: the West Bank's own zone
        (32.0853, 34.7818, "Asia/Jerusalem"),  // Tel Aviv, outside the overlap
    ] as [(Double, Double, String)])
    func overlap(latitude: Double, longitude: Double, zone: String) {
        #expect(ZoneMap.zone(latitude: latitude, longitude: longitude) == zone)
    }

    @Test("the edges of the map: the poles, the date line, and coordinates off the Earth")
    func edges() {
        #expect(ZoneMap.zone(latitude: 90, longitude: 0) == ZoneMap.zone(latitude: 89.99, longitude: 0))
        #expect(ZoneMap.zone(latitude: -17.75, longitude: 180) == ZoneMap.zone(latitude: -17.75, longitude: -180))
        #expect(ZoneMap.zone(latitude: 91, longitude: 0) == nil)
        #expect(ZoneMap.zone(latitude: 0, longitude: 181) == nil)
        #expect(ZoneMap.zone(latitude: .nan, longitude: 0) == nil)
        #expect(ZoneMap.zone(latitude: .infinity, longitude: 0) == nil)
    }

    @Test("every zone the map names is one the tz database knows")
    func zonesKnown() {
        #expect(ZoneMap.zones.count > 300)
        #expect(ZoneMap.zones.filter { !TimeZoneRules.isKnown($0) } == [])
    }

    @Test("cities inland, far from any border, are in their country's zone", arguments: [
        (60.1699, 24.9384, "Europe/Helsinki"), (48.8566, 2.3522, "Europe/Paris"), (40.7128, -74.0060, "America/New_York"),
        (34.0522, -118.2437, "America/Los_Angeles"), (-33.8688, 151.2093, "Australia/Sydney"), (35.6762, 139.6503, "Asia/Tokyo"),
        (-23.5505, -46.6333, "America/Sao_Paulo"), (41.8781, -87.6298, "America/Chicago"), (28.6139, 77.2090, "Asia/Kolkata"),
    ] as [(Double, Double, String)])
    func cities(latitude: Double, longitude: Double, zone: String) {
        #expect(ZoneMap.zone(latitude: latitude, longitude: longitude) == zone)
    }
}
