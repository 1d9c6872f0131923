@testable import Chrono
@testable import EventModel
import Reservations
import Testing

@testable import EventSynthesis

@Suite("Time zones from the best evidence")
struct ZoneEvidenceTests {
    /// The event and messages for a reservation, given a number so no identity warning intrudes.
    private func event(_ json: String) throws -> (CalendarEvent, [String]) {
        var reservation = try Fixtures.reservation(json)
        reservation.reservationNumber = "ZONE-TEST"
        let result = EventSynthesizer().synthesize(reservation)
        return (try #require(result.event), result.diagnostics.map { [$0.field?.description, $0.message].compactMap { $0 }.joined(separator: ": ") })
    }

    @Test("airports give the zones of times that state none (HEL 15:05 → TXL 16:00)")
    func airports() throws {
        let (event, messages) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "HEL"}, "time": "2030-12-24T15:05"}, "arrival": {"airport": {"icaoCode": "EDDT"}, "time": "2030-12-24T16:00"}}"#)
        #expect(messages.isEmpty)
        #expect(event.start.description == "2030-12-24T15:05:00[Europe/Helsinki]")
        #expect(event.end?.description == "2030-12-24T16:00:00[Europe/Berlin]")
        #expect(event.location == "Helsinki Vantaa Airport (HEL), Helsinki, Finland")
        #expect(event.geo == GeoCoordinate(latitude: 60.3172, longitude: 24.9633))
    }

    @Test("an offset that contradicts the airport's zone is reported, and the instant kept")
    func airportConflict() throws {
        let (event, messages) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55:00-05:00"}}"#)
        #expect(event.start.description == "2030-06-15T15:55:00[America/Los_Angeles]")
        #expect(messages == [
            "departure.time: the offset -05:00 contradicts SFO's zone America/Los_Angeles, which is at -07:00 then; kept the instant, shown as 2030-06-15T15:55:00 in America/Los_Angeles"
        ])
    }

    @Test("Pacific standard time in June at SFO is the winter offset by mistake: the wall time stands (Google's examples)")
    func airportSeasonSlip() throws {
        let (event, messages) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55:00-08:00"}}"#)
        #expect(event.start.description == "2030-06-15T17:55:00[America/Los_Angeles]")
        #expect(messages == [
            "departure.time: the offset -08:00 is America/Los_Angeles's in another season; on 2030-06-15 it is -07:00, so 17:55:00 is read as the wall time there"
        ])
    }

    @Test("an offset with a country gives the country's zone at that offset, nearest the place", arguments: [
        (37.7924, -122.3906, "2030-06-14T19:30:00[America/Los_Angeles]"),  // San Francisco
        (33.4484, -112.0740, "2030-06-14T19:30:00[America/Phoenix]"),  // Phoenix keeps no DST
    ])
    func offsetAndCountry(latitude: Double, longitude: Double, start: String) throws {
        let (event, messages) = try event(
            #"{"type": "restaurant", "startTime": "2030-06-14T19:30:00-07:00", "place": {"address": {"country": "USA"}, "coordinates": {"latitude": \#(latitude), "longitude": \#(longitude)}}}"#)
        #expect(messages.isEmpty)
        #expect(event.start.description == start)
    }

    @Test("without coordinates, the city decides between zones at the same offset (San Francisco, not Phoenix)")
    func city() throws {
        let (dinner, messages) = try event(
            #"{"type": "restaurant", "startTime": "2030-06-26T19:30:00-07:00", "place": {"address": {"city": "San Francisco", "region": "CA", "country": "USA"}}}"#)
        #expect(messages.isEmpty)
        #expect(dinner.start.description == "2030-06-26T19:30:00[America/Los_Angeles]")
        let (chicago, chicagoMessages) = try event(
            #"{"type": "ticketedEvent", "startTime": "2030-06-26T19:30", "venue": {"address": {"city": "Chicago", "countryCode": "US"}}}"#)
        #expect(chicagoMessages.isEmpty)
        #expect(chicago.start.description == "2030-06-26T19:30:00[America/Chicago]")
    }

    @Test("southern summer: +11:00 in Australia near Sydney is Australia/Sydney")
    func southern() throws {
        let (event, _) = try event(
            #"{"type": "ticketedEvent", "startTime": "2030-01-10T20:00:00+11:00", "venue": {"address": {"countryCode": "AU"}, "coordinates": {"latitude": -33.8568, "longitude": 151.2153}}}"#)
        #expect(event.start.description == "2030-01-10T20:00:00[Australia/Sydney]")
    }

    @Test("an offset and nothing else: the exact instant in UTC")
    func offsetOnly() throws {
        let (event, messages) = try event(#"{"type": "restaurant", "startTime": "2030-06-14T19:30:00-07:00"}"#)
        #expect(messages.isEmpty)
        #expect(event.start.description == "2030-06-15T02:30:00Z")
    }

    @Test("no offset in a country with one zone: that zone, without a warning")
    func onlyZone() throws {
        let (event, messages) = try event(
            #"{"type": "lodging", "checkInTime": "2030-06-16T15:00", "place": {"address": {"country": "Finlande"}}}"#)
        #expect(messages.isEmpty)
        #expect(event.start.description == "2030-06-16T15:00:00[Europe/Helsinki]")
        #expect(event.end?.description == "2030-06-17T11:00:00[Europe/Helsinki]")
    }

    @Test("no offset in a country whose zones all keep one time: its first zone, without a warning", arguments: [
        ("DE", "München", "Europe/Berlin"),  // and Büsingen, Zurich's clocks
        ("Argentina", "Mendoza", "America/Argentina/Buenos_Aires"),  // twelve zones, all at -03:00
        ("MY", "Kuching", "Asia/Kuala_Lumpur"),
    ])
    func oneTime(country: String, city: String, zone: String) throws {
        let (event, messages) = try event(
            #"{"type": "restaurant", "startTime": "2030-06-16T19:30", "place": {"address": {"city": "\#(city)", "country": "\#(country)"}}}"#)
        #expect(messages.isEmpty)
        #expect(event.start.description == "2030-06-16T19:30:00[\(zone)]")
    }

    @Test("no offset in a country whose zones keep different times, and a city the airport table does not know: floating, with a warning", arguments: ["US", "ES", "KZ"])
    func severalTimes(country: String) throws {
        let (event, messages) = try event(
            #"{"type": "restaurant", "startTime": "2030-06-16T19:30", "place": {"address": {"city": "Nowhere Springs", "country": "\#(country)"}}}"#)
        #expect(messages.count == 1)
        #expect(event.start.description == "2030-06-16T19:30:00")
    }

    @Test("no offset, and coordinates at sea in a country with several zones: the country's nearest zone, with warnings")
    func guessed() throws {
        // The Pacific off California, beyond the United States' waters.
        let (event, messages) = try event(
            #"{"type": "restaurant", "startTime": "2030-06-14T19:30", "place": {"address": {"countryCode": "US"}, "coordinates": {"latitude": 31.0, "longitude": -121.0}}}"#)
        #expect(event.start.description == "2030-06-14T19:30:00[America/Los_Angeles]")
        #expect(messages == [
            "startTime: the place's coordinates (31.0000, -121.0000) are at sea, in no time zone; the zone comes from what else is known of the place",
            "startTime: no time zone or UTC offset; took America/Los_Angeles, the zone of US nearest the place",
        ])
    }

    @Test("a place known by its coordinates keeps the zone where it stands, not its nearest airport's (Haparanda and Tornio, an hour apart)")
    func coordinates() throws {
        let (train, messages) = try event(
            #"{"type": "train", "departure": {"place": {"coordinates": {"latitude": 65.8314, "longitude": 24.1336}}, "time": "2030-06-14T09:00"}, "arrival": {"place": {"coordinates": {"latitude": 65.8477, "longitude": 24.1473}}, "time": "2030-06-14T10:20"}}"#)
        #expect(messages.isEmpty)
        #expect(train.start.description == "2030-06-14T09:00:00[Europe/Stockholm]")
        #expect(train.end?.description == "2030-06-14T10:20:00[Europe/Helsinki]")
        // An offset that is not the zone's where the place stands is reported, naming the place.
        let (_, warned) = try event(
            #"{"type": "restaurant", "startTime": "2030-06-14T19:30:00+03:00", "place": {"coordinates": {"latitude": 65.8314, "longitude": 24.1336}}}"#)
        #expect(warned == [
            "startTime: the offset +03:00 contradicts Europe/Stockholm, the zone at 65.8314, 24.1336, which is at +02:00 then; kept the instant, shown as 2030-06-14T18:30:00 in Europe/Stockholm"
        ])
    }

    @Test("a port at sea in a country of one zone: that zone, with a warning that the coordinates are at sea")
    func atSea() throws {
        let (ferry, messages) = try event(
            #"{"type": "boat", "departure": {"place": {"address": {"countryCode": "SE"}, "coordinates": {"latitude": 56.0, "longitude": 18.5}}, "time": "2030-06-14T09:00"}}"#)
        #expect(ferry.start.description == "2030-06-14T09:00:00[Europe/Stockholm]")
        #expect(messages == [
            "departure.time: the place's coordinates (56.0000, 18.5000) are at sea, in no time zone; the zone comes from what else is known of the place"
        ])
    }

    @Test("a zone stated for one time at a place serves the others there")
    func stated() throws {
        let (event, messages) = try event(
            #"{"type": "lodging", "checkInTime": "2030-06-16T15:00:00[Europe/Helsinki]", "checkOutTime": "2030-06-18T11:00"}"#)
        #expect(messages.isEmpty)
        #expect(event.end?.description == "2030-06-18T11:00:00[Europe/Helsinki]")
    }

    @Test("an unknown airport code is reported; the flight gets the default length")
    func unknownAirport() throws {
        let (event, messages) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "QQQ"}, "time": "2030-06-15T08:00:00Z"}, "arrival": {"airport": {"iataCode": "HEL"}}}"#)
        #expect(messages == [#"departure.airport.iataCode: unknown airport code "QQQ"; its place and time zone are not known"#])
        #expect(event.end?.description == "2030-06-15T11:00:00Z")
    }

    @Test("a flight without an arrival time lasts as long as its distance says (SFO → JFK)")
    func flightLength() throws {
        let (event, _) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T08:00"}, "arrival": {"airport": {"iataCode": "JFK"}}}"#)
        // About 4,150 km: 30 minutes plus 5 h 11 min, rounded up to 5 h 45 min.
        #expect(event.end?.description == "2030-06-15T13:45:00[America/Los_Angeles]")
        #expect(DefaultDurations().flight(kilometres: 1_105) == 115 * 60)
    }

    @Test("a wall time in a DST gap becomes the instant RFC 5545 gives it, shown as the clocks show it, with a warning")
    func gap() throws {
        let (event, messages) = try event(#"{"type": "restaurant", "startTime": "2030-03-31T02:30", "place": {"address": {"countryCode": "FR"}}}"#)
        // 02:30 does not exist that night (02:00 → 03:00); RFC 5545 reads it at the offset before,
        // +01:00, which is 03:30 on the clocks. Writing 02:30 would leave clients to disagree.
        #expect(event.start.description == "2030-03-31T03:30:00[Europe/Paris]")
        #expect(event.start.instant == (try Instant(iso8601: "2030-03-31T01:30:00Z")))
        #expect(messages == ["startTime: 2030-03-31T02:30:00 does not exist in Europe/Paris (the clocks go forward then); read as 2030-03-31T03:30:00"])
    }

    @Test("a wall time in the repeated hour is its first occurrence, with a warning; an offset says which")
    func repeatedHour() throws {
        let place = #""place": {"address": {"countryCode": "FR"}}"#
        let (first, messages) = try event(#"{"type": "restaurant", "startTime": "2030-10-27T02:30", \#(place)}"#)
        #expect(first.start.instant == (try Instant(iso8601: "2030-10-27T00:30:00Z")))
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("startTime: 2030-10-27T02:30:00 occurs twice in Europe/Paris") == true)
        let (second, quiet) = try event(#"{"type": "restaurant", "startTime": "2030-10-27T02:30:00+01:00", \#(place)}"#)
        #expect(second.start.instant == (try Instant(iso8601: "2030-10-27T01:30:00Z")))
        #expect(second.start.description == "2030-10-27T02:30:00+01:00[Europe/Paris]")
        #expect(second.start.isRepeatedWallTime)
        #expect(quiet.isEmpty)
    }

    @Test("times written in UTC are shown where they happen, the instant kept, without a warning", arguments: [
        // A hotel in Kassel (one zone in Germany): 12:00Z in June is 14:00 there.
        (#"{"type": "lodging", "checkInTime": "2030-06-16T12:00:00Z", "place": {"name": "Hotel", "address": {"city": "Kassel", "country": "Germany"}}}"#,
         "2030-06-16T14:00:00[Europe/Berlin]"),
        // +00:00 is UTC too; a hotel in Delhi is 5 h 30 ahead.
        (#"{"type": "lodging", "checkInTime": "2030-01-10T08:30:00+00:00", "place": {"address": {"countryCode": "IN"}}}"#,
         "2030-01-10T14:00:00[Asia/Kolkata]"),
        // An airport's zone.
        (#"{"type": "flight", "departure": {"airport": {"iataCode": "JFK"}, "time": "2030-06-15T21:00:00Z"}}"#,
         "2030-06-15T17:00:00[America/New_York]"),
        // A city in a country of several zones.
        (#"{"type": "restaurant", "startTime": "2030-06-27T02:30:00Z", "place": {"address": {"city": "San Francisco", "countryCode": "US"}}}"#,
         "2030-06-26T19:30:00[America/Los_Angeles]"),
        // A valid offset of the place's zone is the same instant.
        (#"{"type": "lodging", "checkInTime": "2030-12-16T15:00:00+01:00", "place": {"address": {"countryCode": "DE"}}}"#,
         "2030-12-16T15:00:00[Europe/Berlin]"),
    ])
    func utcWrittenTimes(json: String, start: String) throws {
        let (event, messages) = try event(json)
        #expect(messages.isEmpty)
        #expect(event.start.description == start)
    }

    @Test("an offset that contradicts a country's only zone is still reported")
    func countryConflict() throws {
        let (event, messages) = try event(
            #"{"type": "lodging", "checkInTime": "2030-06-16T15:00:00+05:00", "place": {"address": {"countryCode": "FI"}}}"#)
        #expect(event.start.description == "2030-06-16T13:00:00[Europe/Helsinki]")
        #expect(messages.first?.hasPrefix("checkInTime: the offset +05:00 contradicts FI's zone Europe/Helsinki, which is at +03:00 then") == true)
    }

    @Test("from midnight to 23:59, 23:59:59 or a later midnight is all day, with an exclusive end", arguments: [
        ("2030-07-04T00:00", "2030-07-04T23:59", "2030-07-04", "2030-07-05"),
        ("2030-07-04T00:00:00+02:00", "2030-07-06T23:59:59+02:00", "2030-07-04", "2030-07-07"),
        ("2030-07-04T00:00:00Z", "2030-07-04T23:59:59Z", "2030-07-04", "2030-07-05"),
        ("2030-07-04T00:00:00[Europe/Berlin]", "2030-07-06T00:00:00[Europe/Berlin]", "2030-07-04", "2030-07-06"),
    ])
    func allDay(start: String, end: String, first: String, exclusiveEnd: String) throws {
        let (event, _) = try event(
            #"{"type": "ticketedEvent", "name": "Festival", "startTime": "\#(start)", "endTime": "\#(end)", "venue": {"address": {"countryCode": "DE"}}}"#)
        #expect(event.start.description == first)
        #expect(event.end?.description == exclusiveEnd)
    }

    @Test("times that only look like whole days are kept as times", arguments: [
        ("2030-07-04T00:00", "2030-07-04T23:30"),
        ("2030-07-04T00:00:00+02:00", "2030-07-04T23:59:00Z"),
        ("2030-07-04T00:00", "2030-07-04T00:00"),
        ("2030-07-04T00:01", "2030-07-05T00:00"),
    ])
    func notAllDay(start: String, end: String) throws {
        let (event, _) = try event(
            #"{"type": "ticketedEvent", "name": "Festival", "startTime": "\#(start)", "endTime": "\#(end)", "venue": {"address": {"countryCode": "DE"}}}"#)
        #expect(!event.start.isDate)
    }

    @Test("a date alone where a time of day is expected is reported, and makes a whole-day event")
    func dateWithoutTime() throws {
        let (flight, messages) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "HEL"}, "time": "2030-06-15"}, "arrival": {"airport": {"iataCode": "ARN"}}}"#)
        #expect(flight.start == .date(try #require(LocalDate(year: 2030, month: 6, day: 15))))
        #expect(messages == ["departure.time: 2030-06-15 is a date without a time of day; the event takes the whole day"])
        let (_, stayMessages) = try event(#"{"type": "lodging", "checkInTime": "2030-06-15", "checkOutTime": "2030-06-17"}"#)
        #expect(stayMessages.isEmpty)
    }

    @Test("a stated zone whose clocks are not the place's is the source's mistake: the wall time is the place's (KDE's hotel in Portugal)")
    func implausibleZone() throws {
        let (stay, messages) = try event(
            #"{"type": "lodging", "checkInTime": "2024-06-06T15:00:00+02:00[Europe/Berlin]", "checkOutTime": "2024-06-07T11:00:00+02:00[Europe/Berlin]", "place": {"name": "Hotel in Portugal", "address": {"countryCode": "PT"}}}"#)
        #expect(stay.start.description == "2024-06-06T15:00:00[Europe/Lisbon]")
        #expect(stay.end?.description == "2024-06-07T11:00:00[Europe/Lisbon]")
        #expect(messages.first == "checkInTime: Europe/Berlin, the zone the time states, is not the zone of the place (PT's zone Europe/Lisbon, from its address); read 2024-06-06T15:00:00 as a wall time there")
        // A zone with the same clocks as the place's is no mistake (Oslo keeps Berlin's rules).
        let (oslo, quiet) = try event(
            #"{"type": "lodging", "checkInTime": "2030-06-06T15:00:00[Europe/Berlin]", "place": {"address": {"countryCode": "NO"}}}"#)
        #expect(quiet.isEmpty)
        #expect(oslo.start.description == "2030-06-06T15:00:00[Europe/Berlin]")
    }

    @Test("a flight with a departure date and a boarding time starts at boarding (Lufthansa's boarding passes)")
    func boardingStart() throws {
        let (flight, messages) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "MUC"}, "time": "2030-03-06"}, "boardingTime": "2030-03-06T17:05:00+01:00", "arrival": {"airport": {"iataCode": "TXL"}}}"#)
        #expect(flight.start.description == "2030-03-06T17:05:00[Europe/Berlin]")
        #expect(messages == ["departure.time: 2030-03-06 is a date without a time of day; the event starts at boarding, 2030-03-06T17:05:00+01:00"])
    }

    @Test("an arrival written on the departure's date but after midnight is the next day (Paris 11:00 → Bangalore 00:35)")
    func dayRollover() throws {
        let (flight, messages) = try event(
            #"{"type": "flight", "departure": {"airport": {"iataCode": "CDG"}, "time": "2030-12-03T11:00:00+01:00"}, "arrival": {"airport": {"iataCode": "BLR"}, "time": "2030-12-03T00:35:00+05:30"}}"#)
        #expect(flight.end?.description == "2030-12-04T00:35:00[Asia/Kolkata]")
        #expect(messages == ["arrival.time: arrives before it departs on the date given for both; read as arriving the next day, 2030-12-04T00:35:00[Asia/Kolkata]"])
    }

    @Test("a station known by name only takes the zone of the city its name starts with; a generic word is no city")
    func stationNames() throws {
        let (boston, messages) = try event(
            #"{"type": "bus", "departure": {"place": {"name": "Boston South Station"}, "time": "2030-01-04T17:10"}}"#)
        #expect(messages.isEmpty)
        #expect(boston.start.description == "2030-01-04T17:10:00[America/New_York]")
        let (central, warned) = try event(#"{"type": "train", "departure": {"place": {"name": "Central Station"}, "time": "2030-01-04T17:10"}}"#)
        #expect(central.start == .floating(try #require(LocalDateTime(year: 2030, month: 1, day: 4, hour: 17, minute: 10))))
        #expect(warned.count == 1)
    }

    @Test("a stop known only by an offset takes the zone of the trip's other end when it keeps that offset (Google's bus example)")
    func otherEnd() throws {
        let (bus, messages) = try event(
            #"{"type": "bus", "departure": {"place": {"name": "Port Authority, NYC"}, "time": "2030-01-04T12:30:00-05:00"}, "arrival": {"place": {"name": "Boston South Station"}, "time": "2030-01-04T17:10:00-05:00"}}"#)
        #expect(messages.isEmpty)
        #expect(bus.start.description == "2030-01-04T12:30:00[America/New_York]")
        #expect(bus.end?.description == "2030-01-04T17:10:00[America/New_York]")
        // At another offset than the other end's zone, the instant stays in UTC.
        let (far, _) = try event(
            #"{"type": "bus", "departure": {"place": {"name": "Somewhere"}, "time": "2030-01-04T12:30:00-03:00"}, "arrival": {"place": {"name": "Boston South Station"}, "time": "2030-01-04T17:10:00-05:00"}}"#)
        #expect(far.start.description == "2030-01-04T15:30:00Z")
    }

    @Test("an end that nothing places takes its other end's zone, reported: never a floating end beside a zoned one (RegioJet's train)")
    func oneClock() throws {
        // KDE's extractor on RegioJet's e-mail: Olomouc is known, "Praha, hl.n." is not.
        let (train, messages) = try event(
            #"{"type": "train", "departure": {"place": {"name": "Olomouc, hl.n."}, "time": "2030-07-02T11:56"}, "arrival": {"place": {"name": "Nowhere Known"}, "time": "2030-07-02T14:12"}}"#)
        #expect(train.start.description == "2030-07-02T11:56:00[Europe/Prague]")
        #expect(train.end?.description == "2030-07-02T14:12:00[Europe/Prague]")
        #expect(messages == [
            "arrival.time: no time zone or UTC offset, and nothing tells where; took Europe/Prague, that of departure.time, so that the event's two ends are on one clock"
        ])

        // The other way round: a start nothing places takes the end's zone.
        let (dinner, said) = try event(
            #"{"type": "ticketedEvent", "event": {"name": "Concert"}, "startTime": "2030-03-01T20:00", "endTime": "2030-03-01T22:00:00+01:00"}"#)
        #expect(dinner.start.description == "2030-03-01T19:00:00Z")
        #expect(dinner.end?.description == "2030-03-01T21:00:00Z")
        #expect(said == [
            "startTime: no time zone or UTC offset, and nothing tells where; took the UTC offset +01:00, that of endTime, so that the event's two ends are on one clock"
        ])

        // Two floating ends stay floating, with one warning each, as before.
        let (floating, warned) = try event(
            #"{"type": "train", "departure": {"place": {"name": "Central Station"}, "time": "2030-01-04T17:10"}, "arrival": {"place": {"name": "North Station"}, "time": "2030-01-04T18:10"}}"#)
        #expect(floating.start == .floating(try #require(LocalDateTime(year: 2030, month: 1, day: 4, hour: 17, minute: 10))))
        #expect(floating.end == .floating(try #require(LocalDateTime(year: 2030, month: 1, day: 4, hour: 18, minute: 10))))
        #expect(warned.count == 2)
    }

    @Test("an end taken from the other end's zone at a skipped hour says so too")
    func oneClockSkippedHour() throws {
        // The night train arrives at 02:30 on the morning Europe/Paris skips it.
        let (train, messages) = try event(
            #"{"type": "train", "departure": {"place": {"name": "Gare de Lyon", "address": {"city": "Paris", "country": "FR"}}, "time": "2030-03-30T22:00"}, "arrival": {"place": {"name": "Nowhere Known"}, "time": "2030-03-31T02:30"}}"#)
        #expect(train.end?.description == "2030-03-31T03:30:00[Europe/Paris]")
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("arrival.time: no time zone or UTC offset, and nothing tells where; took Europe/Paris") == true)
        #expect(messages.last?.contains("does not exist in Europe/Paris") == true)
    }
}
