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

    @Test("a view's UIDs are made with the person's key: what a guess at the booking gives without it is not among them, and another key gives others")
    func keyedViewUIDs() {
        let full = "0b6a7c86-4b2f-5e71-9f0e-3f8a2c1d4e5f"
        let unkeyed = FeedView.shared.uid(ofFull: full)
        let keyed = FeedView.shared.uid(ofFull: full, key: "0123456789abcdef0123456789abcdef")
        #expect(unkeyed != keyed && keyed != FeedView.shared.uid(ofFull: full, key: "another key, just as long"))
        #expect(keyed == FeedView.shared.uid(ofFull: full, key: "0123456789abcdef0123456789abcdef"))
        #expect(keyed != FeedView.busy.uid(ofFull: full, key: "0123456789abcdef0123456789abcdef"))
        #expect(FeedView.full.uid(ofFull: full, key: "0123456789abcdef0123456789abcdef") == full)
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

    static let munich = ItineraryPlace(name: "Munich Airport (MUC)", code: "MUC", city: "Munich", countryCode: "DE", latitude: 48.35, longitude: 11.79)
    static let frankfurt = ItineraryPlace(name: "Frankfurt Airport (FRA)", code: "FRA", city: "Frankfurt am Main", countryCode: "DE", latitude: 50.03, longitude: 8.56)
    static let london = ItineraryPlace(name: "Heathrow (LHR)", code: "LHR", city: "London", countryCode: "GB", latitude: 51.47, longitude: -0.45)

    @Test("a family's separate bookings of the flight home make no trip of their own, and one connection")
    func familyHome() throws {
        let plan = Self.plan([
            try Self.flight("ada-out", Self.berlin, Self.lisbon, "2030-03-01T08:00:00", "2030-03-01T11:00:00"),
            try Self.flight("byron-out", Self.berlin, Self.lisbon, "2030-03-01T08:00:00", "2030-03-01T11:00:00"),
            try Self.flight("ada-back", Self.lisbon, Self.berlin, "2030-03-06T12:00:00", "2030-03-06T17:00:00"),
            try Self.flight("byron-back", Self.lisbon, Self.berlin, "2030-03-06T12:00:00", "2030-03-06T17:00:00"),
        ])
        #expect(plan.events.map(\.summary) == ["Trip to Lisbon"])
        #expect(Set(plan.events.first?.relations.map(\.uid) ?? []) == ["ada-out", "byron-out", "ada-back", "byron-back"])
        // Byron home on a later flight, or the next day: still the one trip.
        for later in ["2030-03-06T12:05:00", "2030-03-07T09:00:00"] {
            let apart = Self.plan([
                try Self.flight("ada-out", Self.berlin, Self.lisbon, "2030-03-01T08:00:00", "2030-03-01T11:00:00"),
                try Self.flight("ada-back", Self.lisbon, Self.berlin, "2030-03-06T12:00:00", "2030-03-06T17:00:00"),
                try Self.flight("byron-back", Self.lisbon, Self.berlin, later, later.replacingOccurrences(of: "T12:05", with: "T17:05").replacingOccurrences(of: "T09:00", with: "T14:00")),
            ])
            #expect(apart.events.filter { $0.categories == ["Trip"] }.map(\.summary) == ["Trip to Lisbon"], "\(later)")
        }
    }

    @Test("two cities of one name far apart are two places: a stay in Portland, Maine is away from Portland, Oregon")
    func citiesOfOneName() throws {
        let oregon = ItineraryPlace(name: "Portland International Airport (PDX)", code: "PDX", city: "Portland", countryCode: "US", latitude: 45.59, longitude: -122.60)
        let chicago = ItineraryPlace(name: "O'Hare (ORD)", code: "ORD", city: "Chicago", countryCode: "US", latitude: 41.98, longitude: -87.90)
        let maine = ItineraryPlace(name: "Portland Jetport (PWM)", code: "PWM", city: "Portland", countryCode: "US", latitude: 43.65, longitude: -70.31)
        let hotel = ItineraryPlace(name: "The Press Hotel", city: "Portland", countryCode: "US", latitude: 43.66, longitude: -70.25)
        let plan = Self.plan(
            [
                try Self.flight("1", oregon, chicago, "2030-04-01T06:00:00", "2030-04-01T10:00:00"),
                try Self.flight("2", chicago, maine, "2030-04-01T11:30:00", "2030-04-01T14:00:00"),
                try Self.stay("H", hotel, "2030-04-01T16:00:00", "2030-04-05T11:00:00"),
                try Self.flight("3", maine, oregon, "2030-04-05T13:00:00", "2030-04-05T20:00:00"),
            ], home: "Portland, Oregon")
        let trips = plan.events.filter { $0.categories == ["Trip"] }
        #expect(trips.map(\.summary) == ["Trip to Portland"])
        #expect(trips.first?.start == .date(LocalDate(year: 2030, month: 4, day: 1)!) && trips.first?.end == .date(LocalDate(year: 2030, month: 4, day: 6)!))
        #expect(ItineraryPlace(city: "Tokyo", latitude: 35.77, longitude: 140.39).isSameCity(as: ItineraryPlace(city: "Tokyo", latitude: 35.55, longitude: 139.78)), "Narita and Haneda")
    }

    @Test("a home in capitals is an airport code, else a city first: Hof is in Germany, HOF in Saudi Arabia")
    func codesAndCities() {
        #expect(TripPlanner.place(named: "Hof")?.countryCode == "DE")
        #expect(TripPlanner.place(named: "HOF")?.countryCode == "SA")
        #expect(TripPlanner.place(named: "BER")?.code == "BER")
    }

    @Test("a day trip with a change on the way is titled where the day is spent, not where the plane was changed")
    func dayTrip() throws {
        let plan = Self.plan([
            try Self.flight("1", Self.berlin, Self.frankfurt, "2030-03-01T06:00:00", "2030-03-01T07:10:00"),
            try Self.flight("2", Self.frankfurt, Self.london, "2030-03-01T08:00:00", "2030-03-01T08:40:00"),
            try Self.flight("3", Self.london, Self.berlin, "2030-03-01T18:00:00", "2030-03-01T20:50:00"),
        ])
        #expect(plan.events.filter { $0.categories == ["Trip"] }.map(\.summary) == ["Trip to London"])
    }

    @Test("no connection from an arrival the booking does not give; between a train and a flight, the airport's minimum")
    func connectionRules() throws {
        var estimated = try Self.flight("1", Self.berlin, Self.munich, "2030-03-01T06:00:00", "2030-03-01T07:10:00")
        estimated.endIsGiven = false
        let none = Self.plan([estimated, try Self.flight("2", Self.munich, Self.lisbon, "2030-03-01T08:00:00", "2030-03-01T11:00:00")])
        #expect(!none.events.contains { $0.categories == ["Connection"] })

        let station = ItineraryPlace(name: "München Flughafen Terminal", city: "Munich", countryCode: "DE", latitude: 48.35, longitude: 11.78)
        let train = ItineraryItem(
            kind: .ground, uid: "T", title: "Train S8", start: try Self.time("2030-03-01T06:00:00", "Europe/Berlin"),
            end: try Self.time("2030-03-01T06:40:00", "Europe/Berlin"), from: ItineraryPlace(name: "München Hbf", city: "Munich", countryCode: "DE"), to: station)
        let mixed = Self.plan([train, try Self.flight("F", Self.munich, Self.lisbon, "2030-03-01T08:40:00", "2030-03-01T11:00:00")], home: "Lisbon")
        #expect(mixed.events.filter { $0.categories == ["Connection"] }.map(\.summary) == ["Connection 2 h · Munich (München Flughafen Terminal)"])
        // From the station in town, the time between two airports: 65 minutes is tight.
        let town = ItineraryItem(
            kind: .ground, uid: "T2", title: "Train ICE", start: try Self.time("2030-03-01T08:00:00", "Europe/Berlin"),
            end: try Self.time("2030-03-01T10:00:00", "Europe/Berlin"), from: ItineraryPlace(name: "Nürnberg Hbf", city: "Nuremberg", countryCode: "DE"),
            to: ItineraryPlace(name: "München Hbf", city: "Munich", countryCode: "DE", latitude: 48.14, longitude: 11.56))
        let fromTown = Self.plan([town, try Self.flight("F2", Self.munich, Self.lisbon, "2030-03-01T11:05:00", "2030-03-01T13:00:00")], home: "Lisbon")
        #expect(fromTown.events.filter { $0.categories == ["Connection"] }.map(\.summary) == ["Tight connection 1 h 5 min · Munich (München Hbf → MUC)"])
    }

    @Test("the largest overlaps choose first: a leftover booking does not take the UID of the trip the rest went on with")
    func largestOverlapFirst() {
        let uids = TripPlanner.uids(of: [["a"], ["b", "c", "d"]], previous: [("T", ["a", "b", "c", "d"])])
        #expect(uids[1] == "T" && uids[0] != "T")
    }

    @Test("lengths in whole minutes, a part of one counting as one", arguments: [(30, "1 min"), (60, "1 min"), (5_700, "1 h 35 min"), (10_800, "3 h"), (5_701, "1 h 36 min")])
    func lengths(seconds: Int, text: String) {
        #expect(TripWords.english.duration(seconds: seconds) == text)
    }
}

