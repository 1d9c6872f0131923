import Chrono
import EventModel
import Reservations
import Testing

@testable import EventSynthesis

@Suite("Start, end and zones")
struct TimeTests {
    /// The event and messages for a reservation, given a number so no identity warning intrudes.
    private func event(_ json: String) throws -> (CalendarEvent, [String]) {
        var reservation = try Fixtures.reservation(json)
        reservation.reservationNumber = "TIME-TEST"
        let result = EventSynthesizer().synthesize(reservation)
        return (try #require(result.event), result.diagnostics.map { [$0.field?.description, $0.message].compactMap { $0 }.joined(separator: ": ") })
    }

    @Test("each end of a trip keeps its own zone (HEL 15:05 → TXL 16:00)")
    func twoZones() throws {
        let (event, messages) = try event(
            #"{"type": "flight", "departure": {"time": "2030-12-24T15:05:00+02:00[Europe/Helsinki]"}, "arrival": {"time": "2030-12-24T16:00:00+01:00[Europe/Berlin]"}}"#)
        #expect(messages.isEmpty)
        #expect(event.start == .zoned(LocalDateTime(year: 2030, month: 12, day: 24, hour: 15, minute: 5)!, in: "Europe/Helsinki"))
        #expect(event.end == .zoned(LocalDateTime(year: 2030, month: 12, day: 24, hour: 16, minute: 0)!, in: "Europe/Berlin"))
    }

    @Test("an offset alone gives the exact instant in UTC")
    func offsetOnly() throws {
        let (event, messages) = try event(#"{"type": "restaurant", "startTime": "2030-06-14T19:30:00-07:00"}"#)
        #expect(messages.isEmpty)
        #expect(event.start.description == "2030-06-15T02:30:00Z")
    }

    @Test("UTC's own zone names are written as UTC")
    func utcZone() throws {
        let (event, _) = try event(#"{"type": "restaurant", "startTime": "2030-06-14T19:30:00[Etc/UTC]"}"#)
        #expect(event.start.description == "2030-06-14T19:30:00Z")
    }

    @Test("an offset that contradicts the zone is reported and the instant kept")
    func contradiction() throws {
        let (event, messages) = try event(#"{"type": "restaurant", "startTime": "2030-06-14T19:30:00+05:00[Europe/Helsinki]"}"#)
        #expect(event.start.description == "2030-06-14T17:30:00[Europe/Helsinki]")
        #expect(messages == [
            "startTime: the offset +05:00 contradicts Europe/Helsinki, which is at +03:00 then; kept the instant, shown as 2030-06-14T17:30:00 in Europe/Helsinki"
        ])
    }

    @Test("an offset that is the zone's in another season is a slip: the wall time is kept, and reported")
    func anotherSeason() throws {
        let (event, messages) = try event(#"{"type": "restaurant", "startTime": "2030-06-14T19:30:00+02:00[Europe/Helsinki]"}"#)
        #expect(event.start.description == "2030-06-14T19:30:00[Europe/Helsinki]")
        #expect(messages == [
            "startTime: the offset +02:00 is Europe/Helsinki's in another season; on 2030-06-14 it is +03:00, so 19:30:00 is read as the wall time there"
        ])
    }

    @Test("neither zone nor offset: a floating time, with a warning")
    func floating() throws {
        let (event, messages) = try event(#"{"type": "restaurant", "startTime": "2030-06-14T19:30"}"#)
        #expect(event.start == .floating(LocalDateTime(year: 2030, month: 6, day: 14, hour: 19, minute: 30)!))
        #expect(messages == [
            "startTime: no time zone or UTC offset, and nothing tells where; the event floats, shown at 19:30:00 wherever the calendar is"
        ])
    }

    @Test("a missing end gets the category's default length", arguments: [
        (#"{"type": "restaurant", "startTime": "2030-06-14T19:30:00[Europe/Paris]"}"#, "2030-06-14T21:30:00[Europe/Paris]"),
        (#"{"type": "ticketedEvent", "startTime": "2030-06-14T19:30:00[Europe/Paris]"}"#, "2030-06-14T21:30:00[Europe/Paris]"),
        (#"{"type": "ticketedEvent", "kind": "movie", "startTime": "2030-06-14T19:30:00[Europe/Paris]"}"#, "2030-06-14T22:00:00[Europe/Paris]"),
        (#"{"type": "boat", "departure": {"time": "2030-06-14T19:30:00Z"}}"#, "2030-06-14T21:30:00Z"),
        (#"{"type": "rentalCar", "pickUp": {"time": "2030-06-14T09:00:00[Europe/Oslo]"}}"#, "2030-06-15T09:00:00[Europe/Oslo]"),
        (#"{"type": "flight", "departure": {"time": "2030-06-14T09:00:00[Europe/Oslo]"}}"#, "2030-06-14T12:00:00[Europe/Oslo]"),
        (#"{"type": "lodging", "checkInTime": "2030-06-14T15:00:00[Europe/Oslo]"}"#, "2030-06-15T11:00:00[Europe/Oslo]"),
        (#"{"type": "lodging", "checkInTime": "2030-06-14"}"#, "2030-06-16"),
        (#"{"type": "train", "departure": {"time": "2030-06-14"}}"#, "2030-06-15"),
    ])
    func defaults(json: String, end: String) throws {
        #expect(try event(json).0.end?.description == end)
    }

    @Test("default lengths are elapsed time, across a DST change")
    func defaultAcrossDST() throws {
        // Paris, 2030-03-31: clocks jump from 02:00 to 03:00.
        let (event, _) = try event(#"{"type": "restaurant", "startTime": "2030-03-31T01:30:00[Europe/Paris]"}"#)
        #expect(event.end?.description == "2030-03-31T04:30:00[Europe/Paris]")
    }

    @Test("default lengths can be overridden")
    func overridden() throws {
        var options = SynthesisOptions()
        options.defaultDurations.restaurant = 90 * 60
        let reservation = try Fixtures.reservation(#"{"type": "restaurant", "startTime": "2030-06-14T19:30:00Z"}"#)
        #expect(EventSynthesizer(options: options).synthesize(reservation).event?.end?.description == "2030-06-14T21:00:00Z")
    }

    @Test("a stay by dates spans check-in to check-out day, both shown")
    func stayByDates() throws {
        let (event, _) = try event(#"{"type": "lodging", "checkInTime": "2030-06-16", "checkOutTime": "2030-06-18"}"#)
        #expect(event.start == .date(LocalDate(year: 2030, month: 6, day: 16)!))
        #expect(event.end == .date(LocalDate(year: 2030, month: 6, day: 19)!))
    }

    @Test("a stay with a check-in time and a check-out date ends at the usual hour")
    func mixedStay() throws {
        let (event, messages) = try event(
            #"{"type": "lodging", "checkInTime": "2030-06-16T15:00:00[Europe/Helsinki]", "checkOutTime": "2030-06-18"}"#)
        #expect(messages.isEmpty)
        #expect(event.end?.description == "2030-06-18T11:00:00[Europe/Helsinki]")
    }

    @Test("an end before the start is reported and replaced by the default")
    func endBeforeStart() throws {
        let (event, messages) = try event(
            #"{"type": "train", "departure": {"time": "2030-06-20T08:25:00[Europe/Oslo]"}, "arrival": {"time": "2030-06-20T07:20:00[Europe/Oslo]"}}"#)
        #expect(event.end?.description == "2030-06-20T10:25:00[Europe/Oslo]")
        #expect(messages == ["arrival.time: ends at or before the start; used the default length"])
    }

    @Test("landing before take-off in local time is fine when the instants are in order (SYD → LAX)")
    func dateLine() throws {
        let (event, messages) = try event(
            #"{"type": "flight", "departure": {"time": "2030-06-20T10:00:00[Australia/Sydney]"}, "arrival": {"time": "2030-06-20T06:30:00[America/Los_Angeles]"}}"#)
        #expect(messages.isEmpty)
        #expect(event.end?.description == "2030-06-20T06:30:00[America/Los_Angeles]")
        #expect(event.end!.instant > event.start.instant)
    }
}
