import Airports
import Chrono
import Diagnostics
import EventModel
import Gazetteer
import Geography

/// Derives the events of ``TripOptions`` from a feed's bookings: a connection between two legs
/// where one arrives where the next departs, and one all-day span for each trip away from home.
/// Pure: the same bookings and previous trips give the same events.
///
/// The rules, as the documentation states them:
/// - **Connections** join two journeys (flight, train, bus, boat) when the second departs from
///   the place the first arrives at, or from the same city (less than 50 km apart, or the same
///   city's name less than 150 km apart), after it arrives and less than 24 hours later, and not at home. The
///   connection runs from the arrival to the departure, is free (transparent), and is *tight*
///   under 60 minutes at one airport, 3 hours between two airports, 15 minutes at one station
///   or port, 60 minutes between two, and between a train and a flight an airport's (its own
///   station, under 2 km away, as one airport; a station in town as two) (``TripOptions``). A
///   family's separate bookings of one flight count as one leg; an arrival the booking does not
///   give (a default length) starts no connection.
/// - **Trips** gather the bookings away from home that follow each other: one opens with a
///   journey from home (or a booking away), and closes with a journey home, a booking at home,
///   or a gap: 30 days without a booking while a journey has left the person away, 2 days
///   otherwise. A trip needs a journey or a stay. Its span runs from the first booking's local
///   date to the last one's, and it is titled by where most nights are spent (a stay's nights,
///   else the nights between a journey's arrival and the next departure).
/// - A trip keeps its UID as bookings are added to it, changed or cancelled: it takes the UID
///   of the previous feed's trip that shares the most bookings with it.
struct TripPlanner {
    let options: TripOptions
    let words: Vocabulary
    let tripWords: TripWords
    let formatter: TimeFormatter

    /// A trip of the previous feed: its UID and the UIDs of its bookings.
    typealias PreviousTrip = (uid: String, bookings: [String])

    func plan(_ items: [ItineraryItem], previousTrips: [PreviousTrip]) -> TripPlan {
        let ordered = items.sorted { (Self.order($0.start), $0.uid) < (Self.order($1.start), $1.uid) }
        var plan = TripPlan()
        let home = self.home(of: ordered, diagnostics: &plan.diagnostics)
        plan.events = connections(in: ordered, home: home)
        if let home { plan.events += trips(in: ordered, home: home, previous: previousTrips) }
        return plan
    }

    // MARK: - Home

    /// Home: the option's city or airport, else where the earliest journey departs (said).
    private func home(of items: [ItineraryItem], diagnostics: inout [Diagnostic]) -> ItineraryPlace? {
        if let given = options.home {
            if let place = Self.place(named: given) { return place }
            diagnostics.append(
                Diagnostic(
                    .warning, .homeUnknown,
                    "the home \"\(Self.shown(given))\" is neither an airport code nor a city the gazetteer knows; it is matched by its name alone"))
            return ItineraryPlace(city: given)
        }
        guard let first = items.first(where: { $0.isJourney && $0.from != nil }), let place = first.from else { return nil }
        let name = place.shortName ?? place.name ?? "?"
        diagnostics.append(
            Diagnostic(
                .warning, .homeAssumed,
                "no home was given; took \(name), where the earliest journey (\(first.title)) departs, as home"))
        return place
    }

    /// The place a home option names: an airport's IATA code, else a city (`Portland`,
    /// `Portland, US`, `Lisbon, Portugal`, `Portland, Oregon`), the most populous of its name
    /// (in the country given); `nil` when nothing fits, or what follows the comma is neither a
    /// country nor a region of such a city.
    static func place(named text: String) -> ItineraryPlace? {
        let trimmed = text.trimmingWhitespace()
        // `BER` is an airport; `Hof` a city (the airport HOF is in Saudi Arabia), and `ber` an
        // airport only when no city has that name.
        let code = trimmed.count == 3 && trimmed.allSatisfy(\.isLetter) ? AirportDirectory.airport(iata: trimmed.uppercased()) : nil
        let airportPlace = code.map { airport in
            ItineraryPlace(
                name: "\(airport.name) (\(airport.iataCode))", code: airport.iataCode, city: airport.city, countryCode: airport.countryCode,
                latitude: airport.latitude, longitude: airport.longitude)
        }
        if let airportPlace, trimmed == trimmed.uppercased() { return airportPlace }
        return city(named: trimmed) ?? airportPlace
    }

    /// The city a home names: `Portland`, `Portland, US`, `Portland, Oregon`.
    private static func city(named trimmed: String) -> ItineraryPlace? {
        let parts = trimmed.split(separator: ",", maxSplits: 1).map { String($0).trimmingWhitespace() }
        guard let city = parts.first, !city.isEmpty else { return nil }
        let found: GazetteerCity?
        if parts.count > 1 {
            // `Lisbon, Portugal`, `Portland, US`; else a region: `Portland, Oregon`.
            if let country = CountryNames.code(for: parts[1]) {
                found = Gazetteer.cities(named: city, inCountry: country).max { $0.population < $1.population }
            } else if case .city(let match, _)? = Gazetteer.match(city: city, region: parts[1], countryCode: nil) {
                found = match
            } else {
                found = nil
            }
        } else {
            found = Gazetteer.cities(named: city).max { $0.population < $1.population }
        }
        guard let found else { return nil }
        return ItineraryPlace(
            name: found.name, city: found.name, countryCode: found.countryCode, latitude: found.latitude, longitude: found.longitude)
    }

    /// Whether a place is at home; `nil` when nothing tells.
    private func isHome(_ place: ItineraryPlace?, _ home: ItineraryPlace) -> Bool? {
        guard let place, place.city != nil || place.latitude != nil || place.code != nil else { return nil }
        if place.isSamePlace(as: home) || place.isSameCity(as: home) { return true }
        // Without a city or a position on either side, nothing tells that it is away.
        if place.latitude == nil || home.latitude == nil, place.city == nil || home.city == nil { return nil }
        return false
    }

    // MARK: - Connections

    private func connections(in items: [ItineraryItem], home: ItineraryPlace?) -> [CalendarEvent] {
        // One leg for bookings of the same journey (a family's, each on its own booking), in
        // the order they depart.
        var seen: Set<LegKey> = []
        let legs = items.filter { item in
            guard item.isJourney, item.from != nil, item.to != nil, item.start.isInstant, item.end.isInstant else { return false }
            return seen.insert(LegKey(item)).inserted
        }
        let departures = legs.map { $0.start.instant.secondsSinceEpoch }
        var events: [CalendarEvent] = []
        var departed: Set<Int> = []
        for arriving in legs.sorted(by: { ($0.end.instant, $0.uid) < ($1.end.instant, $1.uid) }) {
            // An arrival the booking does not give (an estimate from the distance) is no time to
            // count a connection from.
            guard arriving.endIsGiven, let at = arriving.to else { continue }
            // One does not connect at home: a flight home and the next one out are two trips.
            if let home, isHome(at, home) == true { continue }
            let arrival = arriving.end.instant.secondsSinceEpoch
            // The first leg that departs after the arrival, found by halves; then those within a day.
            var low = 0
            var high = departures.count
            while low < high {
                let middle = (low + high) / 2
                if departures[middle] <= arrival { low = middle + 1 } else { high = middle }
            }
            var next: Int?
            var index = low
            while index < legs.count, departures[index] - arrival < Int64(TripOptions.longestConnection) {
                if !departed.contains(index), let from = legs[index].from, from.isSamePlace(as: at) || from.isSameCity(as: at) {
                    next = index
                    break
                }
                index += 1
            }
            guard let next else { continue }
            departed.insert(next)
            events.append(connection(arriving, legs[next]))
        }
        return events
    }

    /// What makes two bookings one journey: the same times and ends.
    struct LegKey: Hashable {
        let start: Instant
        let end: Instant
        let from: String?
        let to: String?
        init(_ item: ItineraryItem) {
            (start, end) = (item.start.instant, item.end.instant)
            from = item.from.map { $0.code ?? $0.name ?? "" }
            to = item.to.map { $0.code ?? $0.name ?? "" }
        }
    }

    private func connection(_ arriving: ItineraryItem, _ leaving: ItineraryItem) -> CalendarEvent {
        let at = arriving.to ?? ItineraryPlace()
        let from = leaving.from ?? ItineraryPlace()
        // One place: the same airport or station, or an airport and its own station (less than
        // 2 km apart).
        let samePlace = at.isSamePlace(as: from) || at.kilometres(to: from).map { $0 < 2 } ?? false
        let seconds = Int(leaving.start.instant.secondsSinceEpoch - arriving.end.instant.secondsSinceEpoch)
        let byAir = arriving.kind == .flight || leaving.kind == .flight
        let bothByAir = arriving.kind == .flight && leaving.kind == .flight
        // To or from a flight, an airport's times: at its own station as at one airport, from a
        // station in town as between two.
        let minimum =
            byAir
            ? (samePlace ? options.tightAtOneAirport : options.tightBetweenAirports)
            : (samePlace ? options.tightAtOneStation : options.tightBetweenStations)
        let isTight = seconds < minimum
        let placeText: String
        if samePlace {
            placeText = Self.shown(at.shortName ?? at.name ?? "")
        } else {
            let ends = "\(Self.shown(at.code ?? at.name ?? "?")) → \(Self.shown(from.code ?? from.name ?? "?"))"
            placeText = (at.city ?? from.city).map { "\(Self.shown($0)) (\(ends))" } ?? ends
        }
        let label = isTight ? tripWords.tightConnection : tripWords.connection
        let summary = Text.join(["\(label) \(tripWords.duration(seconds: seconds))", placeText], separator: " · ") ?? label

        var notes = NoteLines(separator: words.labelSeparator, keepsPersonal: false)
        let detailWord = arriving.kind == .flight ? words.terminal : words.platform
        let leavingDetailWord = leaving.kind == .flight ? words.terminal : words.platform
        notes.add(
            tripWords.arriving,
            Text.join(
                [Self.oneLine(arriving.title), formatter.text(arriving.end), at.detail.map { "\(detailWord) \(Self.oneLine($0))" }],
                separator: words.listSeparator))
        notes.add(
            tripWords.leaving,
            Text.join(
                [
                    Self.oneLine(leaving.title), formatter.text(leaving.start, besides: arriving.end),
                    from.detail.map { "\(leavingDetailWord) \(Self.oneLine($0))" },
                ],
                separator: words.listSeparator))
        var lines = notes.text.map { [$0] } ?? []
        if isTight { lines.append(tripWords.tightNote(tripWords.duration(seconds: minimum))) }
        if !samePlace {
            let change = bothByAir ? tripWords.changeOfAirport : byAir ? tripWords.changeOfPlace : tripWords.changeOfStation
            lines.append(change(Self.shown(at.name ?? at.code ?? "?"), Self.shown(from.name ?? from.code ?? "?")))
        }
        var event = CalendarEvent(
            uid: EventIdentity.uid(forKey: "connection|\(arriving.uid)|\(leaving.uid)"), summary: summary, start: arriving.end,
            end: leaving.start, notes: lines.joined(separator: "\n"), location: from.name.map(Self.oneLine),
            transparency: .transparent,
            categories: [tripWords.connection])
        event.relations = [EventRelation(.sibling, arriving.uid), EventRelation(.sibling, leaving.uid)]
        return event
    }

    // MARK: - Trips

    private func trips(in items: [ItineraryItem], home: ItineraryPlace, previous: [PreviousTrip]) -> [CalendarEvent] {
        // A family's bookings of one journey go where its first goes: one leg for the rules.
        var twins: [LegKey: [ItineraryItem]] = [:]
        var firsts: [ItineraryItem] = []
        for item in items {
            guard item.isJourney else {
                firsts.append(item)
                continue
            }
            let key = LegKey(item)
            if twins[key] == nil { firsts.append(item) }
            twins[key, default: []].append(item)
        }
        var groups: [[ItineraryItem]] = []
        var current: [ItineraryItem] = []
        var awayByJourney = false
        var lastEnd: Instant?
        var lastGroupEnd: Instant?
        func close() {
            if current.contains(where: { $0.isJourney || $0.kind == .lodging }) {
                groups.append(current.flatMap { $0.isJourney ? twins[LegKey($0)] ?? [$0] : [$0] })
                lastGroupEnd = current.map(\.end.instant).max()
            }
            current = []
            awayByJourney = false
        }
        for item in firsts {
            if !current.isEmpty, let lastEnd {
                let days = awayByJourney ? TripOptions.gapWhileAway : TripOptions.gapWithoutJourney
                if item.start.instant.secondsSinceEpoch - lastEnd.secondsSinceEpoch > Int64(days * 86_400) { close() }
            }
            lastEnd = max(lastEnd ?? item.end.instant, item.end.instant)
            guard item.isJourney else {
                switch isHome(item.from, home) {
                case true?: close()
                case false?: current.append(item)
                case nil: if !current.isEmpty { current.append(item) }
                }
                continue
            }
            let fromHome = isHome(item.from, home) == true
            let toHome = isHome(item.to, home) == true
            if fromHome && toHome {
                close()
                continue
            }
            if fromHome {
                // Leaving home: what is booked for after the departure (a stay known by its
                // dates, which sort before the flight that gets there) is this trip's.
                let ahead = current.filter { $0.end.instant > item.start.instant }
                current.removeAll { $0.end.instant > item.start.instant }
                close()
                current = ahead
            }
            // Coming home with no trip open, soon after one ended (a family member home on a
            // later flight): that trip's.
            if toHome, current.isEmpty, let last = groups.indices.last, let lastEnd = lastGroupEnd,
                item.start.instant.secondsSinceEpoch - lastEnd.secondsSinceEpoch < Int64(TripOptions.gapWithoutJourney * 86_400)
            {
                groups[last] += twins[LegKey(item)] ?? [item]
                lastGroupEnd = max(lastEnd, item.end.instant)
                continue
            }
            current.append(item)
            if toHome {
                close()
            } else {
                awayByJourney = true
            }
        }
        close()

        let uids = Self.uids(of: groups.map { Self.distinct($0.map(\.uid)) }, previous: previous)
        return zip(groups, uids).map { trip($0, uid: $1, home: home) }
    }

    /// The UID of each trip: that of the previous trip sharing the most bookings with it, the
    /// largest overlaps first (so that a leftover booking does not take the UID of the trip the
    /// rest went on with); else a new one of its first booking's, that no previous trip has.
    static func uids(of trips: [[String]], previous: [PreviousTrip]) -> [String] {
        var tripsOfBooking: [String: [Int]] = [:]
        for (index, trip) in previous.enumerated() {
            for booking in Set(trip.bookings) { tripsOfBooking[booking, default: []].append(index) }
        }
        // Every pair that shares a booking, with how many.
        var pairs: [(trip: Int, previous: Int, shared: Int)] = []
        for (index, members) in trips.enumerated() {
            var shared: [Int: Int] = [:]
            for booking in members { for old in tripsOfBooking[booking] ?? [] { shared[old, default: 0] += 1 } }
            pairs += shared.map { (index, $0.key, $0.value) }
        }
        pairs.sort { ($1.shared, $0.trip, $0.previous) < ($0.shared, $1.trip, $1.previous) }
        var uids = [String?](repeating: nil, count: trips.count)
        var taken: Set<Int> = []
        for pair in pairs where uids[pair.trip] == nil && !taken.contains(pair.previous) {
            uids[pair.trip] = previous[pair.previous].uid
            taken.insert(pair.previous)
        }
        var used = Set(previous.map(\.uid))
        return uids.enumerated().map { index, known in
            if let known { return known }
            let first = trips[index].first ?? ""
            var candidate = EventIdentity.uid(forKey: "trip|\(first)")
            var count = 1
            while used.contains(candidate) {
                count += 1
                candidate = EventIdentity.uid(forKey: "trip|\(first)|\(count)")
            }
            used.insert(candidate)
            return candidate
        }
    }

    private func trip(_ items: [ItineraryItem], uid: String, home: ItineraryPlace) -> CalendarEvent {
        let first = items.map { Self.localDate($0.start) }.min() ?? Self.localDate(items[0].start)
        let last = items.map { Self.lastDay($0) }.max() ?? first
        let destination = Self.destination(of: items) { isHome($0, home) == true }
        var lines: [String] = []
        var listed: Set<String> = []
        for item in items {
            let line = "\(formatter.text(item.start))\(words.labelSeparator)\(Self.oneLine(item.title))"
            if listed.insert(line).inserted { lines.append(line) }
        }
        var event = CalendarEvent(
            uid: uid, summary: destination.map { tripWords.tripTo(Self.shown($0)) } ?? tripWords.trip, start: .date(first),
            end: .date(max(last, first).adding(days: 1)), notes: lines.joined(separator: "\n"), transparency: .transparent,
            categories: [tripWords.trip])
        event.relations = Self.distinct(items.map(\.uid)).map { EventRelation(.child, $0) }
        return event
    }

    /// Where most nights of the trip are spent, away from home: each night where the person
    /// sleeps, at a stay's place for the nights it books, else in the city a journey arrives at
    /// until the next one departs; else the first place away the trip goes to. A tie goes to
    /// the place reached first.
    static func destination(of items: [ItineraryItem], isHome: (ItineraryPlace?) -> Bool) -> String? {
        var nights: [LocalDate: ItineraryPlace] = [:]
        func sleep(at place: ItineraryPlace?, from first: LocalDate, to end: LocalDate) {
            guard let place else { return }
            var night = first
            // A year at most: a booking's dates are not trusted to be sane.
            for _ in 0..<366 where night < end {
                nights[night] = place
                night = night.adding(days: 1)
            }
        }
        let journeys = items.filter(\.isJourney)
        for (arriving, leaving) in zip(journeys, journeys.dropFirst()) {
            sleep(at: arriving.to, from: localDate(arriving.end), to: localDate(leaving.start))
        }
        for stay in items where stay.kind == .lodging {
            sleep(at: stay.from, from: localDate(stay.start), to: lastDay(stay))
        }
        var counts: [String: (name: String, count: Int, first: LocalDate)] = [:]
        for (night, place) in nights.sorted(by: { $0.key < $1.key }) where !isHome(place) {
            guard let city = place.city else { continue }
            let key = ItineraryPlace.folded(city)
            let known = counts[key]
            counts[key] = (known?.name ?? city, (known?.count ?? 0) + 1, min(known?.first ?? night, night))
        }
        if let most = counts.values.max(by: { ($0.count, $1.first) < ($1.count, $0.first) }) { return most.name }
        // No night away: where the longest time is spent between arriving and leaving again (the
        // last arrival, when nothing leaves from it), not where one only changes planes.
        var longest: (city: String, seconds: Int64)?
        for (index, arriving) in journeys.enumerated() {
            guard let place = arriving.to, let city = place.city, !isHome(place) else { continue }
            let seconds = index + 1 < journeys.count
                ? journeys[index + 1].start.instant.secondsSinceEpoch - arriving.end.instant.secondsSinceEpoch : Int64.max
            if seconds > (longest?.seconds ?? -1) { longest = (city, seconds) }
        }
        if let longest { return longest.city }
        return items.lazy.compactMap(\.endPlace).first { !isHome($0) && $0.city != nil }?.city
    }

    /// Where a booking's start falls among the others: its instant; a date's noon in UTC, which
    /// is some time of that day nearly everywhere.
    static func order(_ time: EventTime) -> Instant {
        guard case .date(let date) = time else { return time.instant }
        return EventTime.utc(LocalDateTime(date: date, time: .midnight).adding(seconds: 12 * 3600)).instant
    }

    /// The local date of a time: its own date, as written.
    static func localDate(_ time: EventTime) -> LocalDate {
        switch time {
        case .date(let date): date
        case .zoned(let local, _, _), .utc(let local), .floating(let local): local.date
        }
    }

    /// The last day a booking takes: its end's local date (the day before a whole-day event's
    /// exclusive end).
    static func lastDay(_ item: ItineraryItem) -> LocalDate {
        if case .date(let end) = item.end { return max(localDate(item.start), end.adding(days: -1)) }
        return localDate(item.end)
    }

    /// The texts in their first order, each once.
    static func distinct(_ texts: [String]) -> [String] {
        var seen: Set<String> = []
        return texts.filter { seen.insert($0).inserted }
    }

    /// A name as titles and messages show it: on one line, its first 60 characters.
    static func shown(_ text: String) -> String {
        let line = oneLine(text)
        return line.count <= 60 ? line : String(line.prefix(59)) + "…"
    }

    /// A text on one line: its line breaks and other control characters made spaces, so that a
    /// name cannot add lines of its own to the notes.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBreaking) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isBreaking($0) ? " " : $0 }))
    }

    /// Whether a character breaks a line or turns the writing direction: the controls (`Cc`),
    /// the line and paragraph separators, and the characters of Unicode's `Bidi_Control`.
    private static func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension EventTime {
    /// Whether the time is an instant (a zoned or UTC time), not a date or a floating time.
    var isInstant: Bool {
        switch self {
        case .zoned, .utc: true
        case .date, .floating: false
        }
    }
}
