@testable import CalDAVPublishing
import Foundation
import ReservationFeed
import TestSupport
import Testing

/// The rules of publishing, on values: what is created, updated, cancelled, deleted or left
/// alone, run after run.
@Suite("Planning what to publish")
struct PublishPlannerTests {
    static let now = try! Instant(iso8601: "2030-06-01T00:00:00Z")

    static func restaurant(_ number: String, _ start: String, party: Int = 2, name: String = "EPIC Steak") throws -> ImportedReservation {
        let json = #"""
            {"type": "restaurant", "reservationNumber": "\#(number)", "startTime": "\#(start)", "partySize": \#(party),
             "place": {"name": "\#(name)", "address": {"city": "San Francisco", "countryCode": "US"},
                       "coordinates": {"latitude": 37.7924, "longitude": -122.3906}}}
            """#
        return ImportedReservation(
            reservation: try JSONDecoder().decode(Reservation.self, from: Data(json.utf8)), origin: Origin(file: "\(number).json"))
    }

    /// Dinners A, B and C on 14, 15 and 16 June 2030 at `time`.
    static func dinners(at time: String = "19:30") throws -> [ImportedReservation] {
        try [("A", 14), ("B", 15), ("C", 16)].map { try restaurant($0.0, "2030-06-\($0.1)T\(time):00-07:00") }
    }

    static var trip: [ImportedReservation] {
        get throws { try dinners() }
    }

    /// A calendar after a first run over `reservations`.
    static func published(_ reservations: [ImportedReservation], planner: PublishPlanner = PublishPlanner()) throws -> CalendarModel {
        var calendar = CalendarModel()
        try calendar.apply(try planner.plan(reservations, remote: [], state: calendar.state, now: now), now: now)
        return calendar
    }

    static func plan(
        _ reservations: [ImportedReservation], on calendar: CalendarModel, planner: PublishPlanner = PublishPlanner(), complete: Bool = true
    ) throws -> PublishPlan {
        try planner.plan(reservations, inputIsComplete: complete, remote: calendar.listing, state: calendar.state, now: now)
    }

    @Test("a first run creates every event, each marked with the digest of its content; the next run has nothing to do")
    func firstRun() throws {
        let plan = try PublishPlanner().plan(try Self.trip, remote: [], state: PublishState(calendar: "c"), now: Self.now)
        #expect(plan.actions.map(\.verb) == ["create", "create", "create"])
        for case .create(let published) in plan.actions {
            #expect(!published.digest.isEmpty)
            #expect(published.digest == ContentDigest.of(published.event))
        }
        let calendar = try Self.published(try Self.trip)
        #expect(calendar.resources.count == 3)
        // What a run sends, through the validator.
        let folder = try TemporaryFolder("published")
        let paths = try calendar.documents.map { try folder.write($0.key, $0.value) }
        let verdict = try ICSValidator.validate(paths)
        #expect(verdict.passed, "\(verdict.report)")
        let again = try Self.plan(try Self.trip, on: calendar)
        #expect(again.actions.isEmpty)
        #expect(again.unchanged.count == 3)
        #expect(again.state == calendar.state)
    }

    @Test("a changed reservation updates its event in place, SEQUENCE + 1; the others are left alone")
    func update() throws {
        var calendar = try Self.published(try Self.trip)
        var changed = try Self.trip
        changed[1] = try Self.restaurant("B", "2030-06-15T20:30:00-07:00")
        let plan = try Self.plan(changed, on: calendar)
        #expect(plan.actions.map(\.verb) == ["update"])
        guard case .update(let published, let resource, cancelling: false) = plan.actions.first else {
            Issue.record("no update")
            return
        }
        #expect(published.event.sequence == 1)
        #expect(resource.url.lastPathComponent == EventFiles.fileName(for: published.uid))
        try calendar.apply(plan, now: Self.now)
        #expect(try Self.plan(changed, on: calendar).actions.isEmpty)
    }

    @Test("a reservation that left the input: cancelled by default, deleted with --missing drop, kept with keep or when an input failed")
    func missing() throws {
        let calendar = try Self.published(try Self.trip)
        let fewer = Array(try Self.trip.dropLast())
        let cancel = try Self.plan(fewer, on: calendar)
        #expect(cancel.actions.map(\.verb) == ["cancel"])
        if case .update(let published, _, _) = cancel.actions.first {
            #expect(published.event.status == .cancelled)
            #expect(published.event.sequence == 1)
        }

        var options = FeedOptions()
        options.missing = .drop
        #expect(try Self.plan(fewer, on: calendar, planner: PublishPlanner(options: options)).actions.map(\.verb) == ["delete"])
        options.missing = .keep
        #expect(try Self.plan(fewer, on: calendar, planner: PublishPlanner(options: options)).actions.isEmpty)
        #expect(try Self.plan(fewer, on: calendar, complete: false).actions.isEmpty)
    }

    @Test("events that ended stay as they are, whatever the input says now")
    func ended() throws {
        let calendar = try Self.published([try Self.restaurant("A", "2030-06-14T19:30:00-07:00")])
        let later = try Instant(iso8601: "2030-07-01T00:00:00Z")
        for options in MissingEventPolicy.allCases.map({ var options = FeedOptions(); options.missing = $0; return options }) {
            let plan = try PublishPlanner(options: options).plan(
                [], remote: calendar.listing, state: calendar.state, now: later)
            #expect(plan.actions.isEmpty)
            #expect(plan.ended.count == 1)
        }
    }

    @Test("an event the person edited keeps the edit; when its reservation changed too, that is reported, and overwritten only when asked")
    func edited() throws {
        var calendar = try Self.published(try Self.trip)
        // B, the second dinner.
        let uid = calendar.events.values.sorted { $0.start.instant < $1.start.instant }[1].uid
        try calendar.edit(uid) { $0.summary = "Dinner with Grace" }

        let same = try Self.plan(try Self.trip, on: calendar)
        #expect(same.actions.isEmpty)
        #expect(same.keptEdited == [uid])
        #expect(same.conflicts.isEmpty)

        var changed = try Self.trip
        changed[1] = try Self.restaurant("B", "2030-06-15T20:30:00-07:00")
        let conflict = try Self.plan(changed, on: calendar)
        #expect(conflict.actions.isEmpty)
        #expect(conflict.conflicts.map(\.code.rawValue) == ["edited-in-calendar"])
        #expect(conflict.conflicts.first?.origin?.source.description.hasSuffix(EventFiles.fileName(for: uid)) == true)
        #expect(conflict.conflicts.first?.message.contains("(on-conflict overwrite replaces it)") == true)

        let overwrite = try Self.plan(changed, on: calendar, planner: PublishPlanner(onConflict: .overwrite))
        #expect(overwrite.actions.map(\.verb) == ["update"])
        if case .update(let published, _, _) = overwrite.actions.first {
            #expect(published.event.summary != "Dinner with Grace")
            #expect(published.event.sequence == 2)  // above the person's version
        }
    }

    @Test("an edit to what publishing does not write is noticed by the ETag the last run saw")
    func editedElsewhere() throws {
        var calendar = try Self.published(try Self.trip)
        let name = try #require(calendar.resources.keys.sorted().first)
        let resource = try #require(calendar.resources[name])
        // Same content, another ETag: the person added an attendee, say, which is not read.
        calendar.resources[name]?.entityTag = "\"edited\""
        let uid = try #require(resource.event?.uid)
        let changed = try Self.dinners(at: "20:30")
        let plan = try Self.plan(changed, on: calendar)
        #expect(plan.conflicts.count == 1)
        #expect(!plan.actions.contains { $0.uid == uid })
        #expect(plan.actions.count == 2)
        // Without the last run's memory, the edit cannot be seen: the event is updated.
        calendar.state = PublishState(calendar: calendar.state.calendar)
        #expect(try Self.plan(changed, on: calendar).actions.count == 3)
    }

    @Test("an event the person deleted is not published again until its reservation changes")
    func deleted() throws {
        var calendar = try Self.published(try Self.trip)
        let name = try #require(calendar.resources.keys.sorted().first)
        let uid = try #require(calendar.resources[name]?.event?.uid)
        calendar.resources[name] = nil

        let plan = try Self.plan(try Self.trip, on: calendar)
        #expect(plan.actions.isEmpty)
        #expect(plan.keptDeleted == [uid])
        #expect(plan.state.events[uid]?.deletedInCalendar == true)
        try calendar.apply(plan, now: Self.now)
        #expect(try Self.plan(try Self.trip, on: calendar).actions.isEmpty)

        let changed = try Self.dinners(at: "18:00")
        let back = try Self.plan(changed, on: calendar)
        #expect(back.actions.filter { $0.verb == "create" }.map(\.uid) == [uid])
    }

    @Test("events without the mark belong to others: never changed, and their UIDs are left to them")
    func others() throws {
        var calendar = CalendarModel()
        let theirs = CalendarEvent(uid: "birthday@example.com", summary: "Birthday", start: .date(LocalDate(year: 2030, month: 6, day: 20)!))
        _ = calendar.put("birthday.ics", try EventFiles.document(of: theirs, calendar: FeedOptions().calendarProperties, stamp: Self.now))
        var options = FeedOptions()
        options.missing = .drop
        let plan = try Self.plan(try Self.trip, on: calendar, planner: PublishPlanner(options: options))
        #expect(plan.actions.map(\.verb) == ["create", "create", "create"])

        // One of ours, its mark removed by another program: left to it.
        var taken = try Self.published(try Self.trip)
        let name = try #require(taken.resources.keys.sorted().first)
        let event = try #require(taken.resources[name]?.event)
        #expect(taken.resources[name]?.isPublished == true)
        _ = taken.put(name, try EventFiles.document(of: event, calendar: FeedOptions().calendarProperties, stamp: Self.now))
        #expect(taken.resources[name]?.isPublished == false)
        taken.state = PublishState(calendar: taken.state.calendar)
        let left = try Self.plan(try Self.trip, on: taken)
        #expect(left.actions.isEmpty)
        #expect(left.diagnostics.map(\.code.rawValue) == ["held-by-another"])
    }

    @Test("a state none of whose events are in the calendar is for another calendar: everything is published again")
    func staleState() throws {
        var calendar = try Self.published(try Self.trip)
        calendar.resources = [:]
        let plan = try Self.plan(try Self.trip, on: calendar)
        #expect(plan.actions.map(\.verb) == ["create", "create", "create"])
        #expect(plan.diagnostics.map(\.code.rawValue) == ["state-not-applied"])
    }

    @Test("the feed's guard holds: an empty input does not cancel a calendar")
    func shrink() throws {
        let calendar = try Self.published(try Self.trip)
        #expect(throws: PublishError.self) { try Self.plan([], on: calendar) }
        var options = FeedOptions()
        options.allowShrink = true
        #expect(try Self.plan([], on: calendar, planner: PublishPlanner(options: options)).actions.map(\.verb) == ["cancel", "cancel", "cancel"])
    }

    @Test("the digest covers what the event says, not its version, and survives being read back")
    func digest() throws {
        let event = try #require(try FeedBuilder().build(from: try Self.trip, now: Self.now).feed.events.first)
        let digest = try #require(ContentDigest.of(event))
        #expect(digest.count == 24)
        #expect(digest.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        var versioned = event
        versioned.sequence = 7
        versioned.stamp = Self.now.adding(seconds: 3600)
        versioned.lastModified = Self.now
        #expect(ContentDigest.of(versioned) == digest)
        var edited = event
        edited.notes = (edited.notes ?? "") + "\nBring the voucher"
        #expect(ContentDigest.of(edited) != digest)

        let text = try EventFiles.document(
            of: event, calendar: FeedOptions().calendarProperties, stamp: Self.now, extensions: [ContentDigest.propertyName: digest])
        #expect(String(decoding: text, as: UTF8.self).contains("\r\nX-RESERVATION-FEED-DIGEST:\(digest)\r\n"))
        let read = RemoteEvent(url: CalendarModel.base, entityTag: nil, calendarData: String(decoding: text, as: UTF8.self))
        #expect(read.isPublished)
        #expect(read.publishedDigest == digest)
        #expect(read.event.flatMap(ContentDigest.of) == digest)
    }
}
