import Chrono
import EventModel
import Testing

@testable import EventSynthesis

/// The rules of ``TripPlanner`` on bookings made in code: the home a person names, where a
/// trip opens and closes, its destination, and the UID it keeps from the previous feed.
@Suite("Trips and connections, as rules")
struct TripPlannerTests {
    static func time(_ text: String, _ zone: String) throws -> EventTime {
        let numbers = text.split { !$0.isNumber }.compactMap { Int($0) }
        let local = try #require(LocalDateTime(year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4]))
        return .zoned(local, in: zone)
    }

    static let berlin = ItineraryPlace(name: "Berlin Brandenburg Airport (BER)", code: "BER", city: "Berlin", countryCode: "DE", latitude: 52.36, longitude: 13.50)
    static let lisbon = ItineraryPlace(name: "Lisbon Airport (LIS)", code: "LIS", city: "Lisbon", countryCode: "PT", latitude: 38.78, longitude: -9.14)
    static let porto = ItineraryPlace(name: "Hotel", city: "Porto", countryCode: "PT", latitude: 41.14, longitude: -8.61)
    static let faro = ItineraryPlace(name: "Hotel", city: "Faro", countryCode: "PT", latitude: 37.02, longitude: -7.93)

    static func flight(_ uid: String, _ from: ItineraryPlace, _ to: ItineraryPlace, _ departs: String, _ arrives: String) throws -> ItineraryItem {
        ItineraryItem(
            kind: .flight, uid: uid, title: "Flight \(uid)", start: try time(departs, "Europe/Berlin"), end: try time(arrives, "Europe/Berlin"),
            from: from, to: to)
    }

    static func stay(_ uid: String, _ place: ItineraryPlace, _ from: String, _ to: String) throws -> ItineraryItem {
        ItineraryItem(kind: .lodging, uid: uid, title: "Hotel \(uid)", start: try time(from, "Europe/Lisbon"), end: try time(to, "Europe/Lisbon"), from: place, to: nil)
    }

    static func plan(_ items: [ItineraryItem], home: String? = "Berlin", previous: [(uid: String, bookings: [String])] = [], view: FeedView = .full) -> TripPlan {
        EventSynthesizer(options: SynthesisOptions(view: view, trips: TripOptions(home: home))).plan(items, previousTrips: previous)
    }

    @Test("a home is an airport code or a city the gazetteer knows, with its country or without", arguments: ["BER", "ber", "Berlin", "Lisbon, Portugal", "Portland, US", "Portland, Oregon", "São Paulo"])
    func knownHomes(home: String) {
        #expect(TripOptions.knows(home: home))
    }

    @Test("a home that is neither is not known", arguments: ["Lisbonn", "XQZ", "", " , ", "Berlin, Narnia"])
    func unknownHomes(home: String) {
        #expect(!TripOptions.knows(home: home))
    }

    @Test("two stays away with no journey between them and more than two days apart are two trips; a journey away keeps one trip open for a month")
    func gaps() throws {
        let apart = Self.plan([
            try Self.stay("P", Self.porto, "2030-03-01T15:00:00", "2030-03-03T11:00:00"),
            try Self.stay("F", Self.faro, "2030-03-10T15:00:00", "2030-03-12T11:00:00"),
        ])
        #expect(apart.events.map(\.summary) == ["Trip to Porto", "Trip to Faro"])
        let away = Self.plan([
            try Self.flight("out", Self.berlin, Self.lisbon, "2030-03-01T08:00:00", "2030-03-01T11:00:00"),
            try Self.stay("F", Self.faro, "2030-03-10T15:00:00", "2030-03-12T11:00:00"),
            try Self.flight("back", Self.lisbon, Self.berlin, "2030-03-20T12:00:00", "2030-03-20T17:00:00"),
        ])
        #expect(away.events.map(\.summary) == ["Trip to Lisbon"], "nine nights in Lisbon, two in Faro")
        #expect(away.events.first?.start == .date(LocalDate(year: 2030, month: 3, day: 1)!))
        #expect(away.events.first?.end == .date(LocalDate(year: 2030, month: 3, day: 21)!))
    }

    @Test("a trip takes the UID of the previous trip that shares the most bookings, whatever was added or dropped; a new trip gets one of its own")
    func keepsItsUID() throws {
        let items = [
            try Self.flight("out", Self.berlin, Self.lisbon, "2030-03-01T08:00:00", "2030-03-01T11:00:00"),
            try Self.stay("S", Self.porto, "2030-03-02T15:00:00", "2030-03-04T11:00:00"),
            try Self.flight("back", Self.lisbon, Self.berlin, "2030-03-06T12:00:00", "2030-03-06T17:00:00"),
        ]
        let fresh = Self.plan(items)
        let uid = try #require(fresh.events.first?.uid)
        #expect(fresh.events.first?.relations == ["out", "S", "back"].map { EventRelation(.child, $0) })
        // The first booking dropped, another added: the same trip.
        let changed = Self.plan(Array(items.dropFirst()) + [try Self.stay("T", Self.porto, "2030-03-04T15:00:00", "2030-03-05T11:00:00")],
            previous: [("other-trip", ["elsewhere"]), (uid, ["out", "S", "back"])])
        #expect(changed.events.map(\.uid) == [uid])
        // A trip that shares nothing with the previous ones is new, and never takes one of their UIDs.
        let unrelated = Self.plan(items, previous: [(uid, ["elsewhere"])])
        #expect(unrelated.events.count == 1 && unrelated.events.first?.uid != uid)
    }

    @Test("without a home, the earliest journey's departure is home, and said; in the busy view trips and connections say Busy and nothing else")
    func assumedHomeAndBusy() throws {
        let items = [
            try Self.flight("out", Self.berlin, Self.lisbon, "2030-03-01T08:00:00", "2030-03-01T11:00:00"),
            try Self.flight("back", Self.lisbon, Self.berlin, "2030-03-06T12:00:00", "2030-03-06T17:00:00"),
        ]
        let assumed = Self.plan(items, home: nil)
        #expect(assumed.diagnostics.map(\.code) == [.homeAssumed])
        #expect(assumed.diagnostics.first?.message.contains("took Berlin (BER), where the earliest journey (Flight out) departs") == true)
        #expect(assumed.events.map(\.summary) == ["Trip to Lisbon"])
        let busy = Self.plan(items, view: .busy)
        #expect(busy.events.allSatisfy { $0.summary == "Busy" && $0.notes == nil && $0.categories.isEmpty && $0.transparency == .transparent })
    }
}
