import Foundation
import ICalendar
import TestSupport
import Testing

@testable import ReservationFeed

/// Regenerating a feed from its previous version, through the library call (no files).
@Suite("Feed life cycle")
struct FeedLifecycleTests {
    /// The seed's EPIC Steak booking (WWDC 2020), in native JSON, dated 2030.
    static func epicSteak(start: String, status: String) -> String {
        #"""
        {"type": "restaurant", "reservationNumber": "IWDSCA", "status": "\#(status)", "holderName": "John Appleseed",
         "url": "https://reservations.example.com/reservations/6", "broker": "Apple Reservations", "partySize": 2,
         "startTime": "\#(start)",
         "place": {"name": "EPIC Steak", "phone": "(415)369-9955",
                   "address": {"street": "369 The Embarcadero", "city": "San Francisco", "region": "CA", "postalCode": "94105", "country": "USA"}}}
        """#
    }

    static func reservations(_ json: String...) throws -> [ImportedReservation] {
        try json.enumerated().map { index, text in
            ImportedReservation(
                reservation: try JSONDecoder().decode(Reservation.self, from: Data(text.utf8)),
                origin: Origin(file: "input-\(index).json"))
        }
    }

    static func trip() throws -> [ImportedReservation] {
        ReservationImporter().read(try InputDiscovery().expand([Repository.url("Examples/trip").path]).sources).reservations
    }

    /// One run: the new feed's text from reservations and the previous text.
    static func generation(
        _ reservations: [ImportedReservation], after previous: String?, at now: String, options: FeedOptions = FeedOptions(),
        inputIsComplete: Bool = true
    ) throws -> (text: String, changes: FeedChanges) {
        let build = try FeedBuilder(options: options).build(
            from: reservations, previous: try previous.map { try PreviousFeed(iCalendar: $0) }, now: try Instant(iso8601: now),
            inputIsComplete: inputIsComplete)
        return (try build.feed.iCalendarText(), build.changes)
    }

    static func events(_ text: String) throws -> [CalendarEvent] {
        try PreviousFeed(iCalendar: text).events
    }

    @Test("EPIC Steak confirmed at 19:30, moved to 18:30, then cancelled: one UID, SEQUENCE 0, 1, 2")
    func threeGenerations() throws {
        let first = try Self.generation(
            try Self.reservations(Self.epicSteak(start: "2030-06-26T19:30:00-07:00", status: "confirmed")), after: nil,
            at: "2030-06-01T09:00:00Z")
        let second = try Self.generation(
            try Self.reservations(Self.epicSteak(start: "2030-06-26T18:30:00-07:00", status: "confirmed")), after: first.text,
            at: "2030-06-02T09:00:00Z")
        let third = try Self.generation(
            try Self.reservations(Self.epicSteak(start: "2030-06-26T19:30:00-07:00", status: "cancelled")), after: second.text,
            at: "2030-06-03T09:00:00Z")
        let versions = try [first, second, third].map { try #require(try Self.events($0.text).first) }
        #expect(Set(versions.map(\.uid)).count == 1)
        #expect(versions.map(\.sequence) == [0, 1, 2])
        #expect(versions.map(\.start.description) == [
            "2030-06-26T19:30:00[America/Los_Angeles]", "2030-06-26T18:30:00[America/Los_Angeles]",
            "2030-06-26T19:30:00[America/Los_Angeles]",
        ])
        #expect(versions.map(\.stamp) == [
            try Instant(iso8601: "2030-06-01T09:00:00Z"), try Instant(iso8601: "2030-06-02T09:00:00Z"),
            try Instant(iso8601: "2030-06-03T09:00:00Z"),
        ])
        #expect(versions.map(\.lastModified) == [nil, try Instant(iso8601: "2030-06-02T09:00:00Z"), try Instant(iso8601: "2030-06-03T09:00:00Z")])
        #expect(versions[2].status == .cancelled)
        #expect(versions[2].summary == "Cancelled: Restaurant · EPIC Steak (2 people)")
        #expect(versions[2].transparency == .transparent)
        let counts: [Int] = [first.changes.added.count, second.changes.updated.count, third.changes.cancelled.count]
        #expect(counts == [1, 1, 1])
        let folder = try TemporaryFolder("lifecycle")
        let paths = try [first, second, third].enumerated().map { try folder.write("generation-\($0.offset).ics", $0.element.text) }
        let verdict = try ICSValidator.validate(paths)
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("the same input again gives the same bytes, also later")
    func idempotent() throws {
        let first = try Self.generation(try Self.trip(), after: nil, at: "2030-06-01T09:00:00Z")
        let again = try Self.generation(try Self.trip(), after: first.text, at: "2030-06-01T09:00:00Z")
        let later = try Self.generation(try Self.trip(), after: again.text, at: "2030-06-10T18:00:00Z")
        #expect(again.text == first.text)
        #expect(later.text == first.text)
        #expect(later.changes.unchanged.count == 8)
        #expect(later.changes.isEmpty)
    }

    @Test("a changed detail changes only its event: SEQUENCE + 1, new DTSTAMP and LAST-MODIFIED")
    func oneChange() throws {
        let first = try Self.generation(try Self.trip(), after: nil, at: "2030-06-01T09:00:00Z")
        var changed = try Self.trip()
        guard case .flight(var flight) = changed[1].reservation.details else {
            Issue.record("expected the flight second")
            return
        }
        flight.departure?.gate = "A7"
        changed[1].reservation.details = .flight(flight)
        let second = try Self.generation(changed, after: first.text, at: "2030-06-05T09:00:00Z")
        #expect(second.changes.updated.count == 1)
        #expect(second.changes.unchanged.count == 7)
        let before = try Self.events(first.text)
        let after = try Self.events(second.text)
        let writer = ICalendarWriter()
        for (old, new) in zip(before, after) where new.uid != second.changes.updated[0] {
            #expect(try writer.text(of: old, stamp: .now) == (try writer.text(of: new, stamp: .now)))
        }
        let updated = try #require(after.first { $0.uid == second.changes.updated[0] })
        #expect(updated.sequence == 1)
        #expect(updated.stamp == (try Instant(iso8601: "2030-06-05T09:00:00Z")))
        #expect(updated.lastModified == updated.stamp)
        #expect(updated.notes?.contains("Gate: A7") == true)
    }

    @Test("an event whose reservation left the input becomes a cancelled tombstone, and stays one", arguments: [
        MissingEventPolicy.cancel, .keep, .drop,
    ])
    func missing(policy: MissingEventPolicy) throws {
        var options = FeedOptions()
        options.missing = policy
        let all = try Self.trip()
        let first = try Self.generation(all, after: nil, at: "2030-06-01T09:00:00Z", options: options)
        let flightUID = try Self.events(first.text).first { $0.categories == ["Flight"] }!.uid
        let withoutFlight = all.filter { $0.reservation.category != .flight }
        let second = try Self.generation(withoutFlight, after: first.text, at: "2030-06-02T09:00:00Z", options: options)
        let third = try Self.generation(withoutFlight, after: second.text, at: "2030-06-03T09:00:00Z", options: options)
        let flight = try Self.events(second.text).first { $0.uid == flightUID }
        switch policy {
        case .cancel:
            #expect(second.changes.cancelled == [flightUID])
            #expect(flight?.status == .cancelled)
            #expect(flight?.sequence == 1)
            #expect(flight?.summary == "Cancelled: Flight AY 20 · SFO → HEL")
            #expect(flight?.transparency == .transparent)
            #expect(flight?.alarms.isEmpty == true)
        case .keep:
            #expect(second.changes.unchanged.contains(flightUID))
            #expect(flight?.status == .confirmed)
            #expect(flight?.sequence == 0)
        case .drop:
            #expect(second.changes.removed == [flightUID])
            #expect(flight == nil)
        }
        #expect(third.text == second.text, "a second run changes nothing more")
    }

    @Test("events over for more than the keep-past days leave the feed; others stay")
    func keepPast() throws {
        let first = try Self.generation(try Self.trip(), after: nil, at: "2030-06-01T09:00:00Z")
        // The dinner ended on 2030-06-15 (UTC); the rental car on 2030-06-23.
        let during = try Self.generation(try Self.trip(), after: first.text, at: "2030-07-14T00:00:00Z")
        #expect(during.changes.removed.isEmpty)
        var allow = FeedOptions()
        allow.allowShrink = true
        let after = try Self.generation(try Self.trip(), after: first.text, at: "2030-07-16T00:00:00Z", options: allow)
        #expect(after.changes.removed.count == 1)
        let gone = try Self.generation([], after: first.text, at: "2030-08-01T00:00:00Z", options: allow)
        #expect(try Self.events(gone.text).isEmpty)
        #expect(gone.changes.removed.count == 8)
    }

    @Test("no accidental wipe: losing more than half the live events is refused unless allowed")
    func shrinkGuard() throws {
        let first = try Self.generation(try Self.trip(), after: nil, at: "2030-06-01T09:00:00Z")
        let three = Array(try Self.trip().prefix(3))
        #expect(throws: FeedError.self) { try Self.generation(three, after: first.text, at: "2030-06-02T09:00:00Z") }
        #expect(throws: FeedError.self) { try Self.generation([], after: first.text, at: "2030-06-02T09:00:00Z") }
        let four = Array(try Self.trip().prefix(4))
        #expect(throws: Never.self) { try Self.generation(four, after: first.text, at: "2030-06-02T09:00:00Z") }
        var allow = FeedOptions()
        allow.allowShrink = true
        let allowed = try Self.generation(three, after: first.text, at: "2030-06-02T09:00:00Z", options: allow)
        #expect(allowed.changes.cancelled.count == 5)
        // What the README and docs say is what the guard does: more than half, not half.
        for page in ["README.md", "docs/reliability.md"] {
            let text = try String(contentsOf: Repository.url(page), encoding: .utf8).replacingOccurrences(of: "\n", with: " ")
            #expect(!text.contains("half or more"), "\(page)")
            #expect(text.contains("more than half"), "\(page)")
        }
    }

    @Test("when an input could not be read, events it may hold are kept as they were, not cancelled")
    func incompleteInput() throws {
        let first = try Self.generation(try Self.trip(), after: nil, at: "2030-06-01T09:00:00Z")
        let some = Array(try Self.trip().prefix(6))
        let second = try Self.generation(some, after: first.text, at: "2030-06-02T09:00:00Z", inputIsComplete: false)
        #expect(second.text == first.text)
        #expect(second.changes.cancelled.isEmpty)
    }

    @Test("calendar properties: name, description, refresh interval and TTL, configurable")
    func properties() throws {
        var options = FeedOptions()
        options.calendarName = "Family; trips"
        options.refreshInterval = 86_400
        let text = try Self.generation(try Self.trip(), after: nil, at: "2030-06-01T09:00:00Z", options: options).text
        for line in ["VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "NAME:Family\\; trips", "X-WR-CALNAME:Family\\; trips",
                     "REFRESH-INTERVAL;VALUE=DURATION:P1D", "X-PUBLISHED-TTL:P1D"] {
            #expect(text.contains("\r\n\(line)\r\n"), "\(line)")
        }
        options.refreshInterval = nil
        let without = try Self.generation(try Self.trip(), after: nil, at: "2030-06-01T09:00:00Z", options: options).text
        #expect(!without.contains("REFRESH-INTERVAL"))
        #expect(!without.contains("X-PUBLISHED-TTL"))
    }
}
