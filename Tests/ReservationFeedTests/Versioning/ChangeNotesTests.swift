import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

/// What changed: an event whose start, end or place moves says what it was and since when, at
/// the top of its notes, and keeps the last three such lines; a run that changes nothing changes
/// no byte.
@Suite("What changed")
struct ChangeNotesTests {
    typealias Life = FeedLifecycleTests

    static func dinner(_ start: String, place: String = "EPIC Steak") -> String {
        Life.epicSteak(start: start, status: "confirmed").replacingOccurrences(of: "\"name\": \"EPIC Steak\"", with: "\"name\": \"\(place)\"")
    }

    static func flight(departs: String, arrives: String) -> String {
        #"""
        {"type": "flight", "reservationNumber": "K7P2QX", "airline": {"iataCode": "AY"}, "flightNumber": "20",
         "departure": {"airport": {"iataCode": "SFO"}, "time": "\#(departs)"}, "arrival": {"airport": {"iataCode": "HEL"}, "time": "\#(arrives)"}}
        """#
    }

    @Test("a moved table says when it was, in its notes' first lines, and the line stays through runs that change nothing, byte for byte")
    func moved() throws {
        let first = try Life.generation(try Life.reservations(Self.dinner("2030-06-26T19:30:00-07:00")), after: nil, at: "2030-06-01T09:00:00Z")
        let second = try Life.generation(try Life.reservations(Self.dinner("2030-06-26T18:30:00-07:00")), after: first.text, at: "2030-06-02T09:00:00Z")
        let event = try #require(try Life.events(second.text).first)
        #expect(
            event.changeNotes == [
                "Starts: Wed, Jun 26, 2030 at 6:30\u{202F}PM (America/Los_Angeles), was 7:30\u{202F}PM (changed Sun, Jun 2, 2030)",
                "Ends: Wed, Jun 26, 2030 at 8:30\u{202F}PM (America/Los_Angeles), was 9:30\u{202F}PM (changed Sun, Jun 2, 2030)",
            ], "\(event.changeNotes)")
        #expect(event.notes?.hasPrefix("Reservation number: IWDSCA") == true, "the notes follow, as they were")
        #expect(event.sequence == 1)

        // As an independent reader sees it: the lines first, a blank line, the notes.
        let folder = try TemporaryFolder("change-notes")
        let path = try folder.write("second.ics", second.text)
        let read = try #require(try ICalendarReadBack.events(path).first)
        #expect(read["DESCRIPTION"]?.hasPrefix("Starts: Wed, Jun 26, 2030 at 6:30\u{202F}PM (America/Los_Angeles), was 7:30\u{202F}PM (changed Sun, Jun 2, 2030)\nEnds: ") == true)
        #expect(read["DESCRIPTION"]?.contains("(changed Sun, Jun 2, 2030)\n\nReservation number: IWDSCA") == true, "\(read)")
        #expect(try ICSValidator.validate([path]).passed)

        // Nothing changed since: not a byte, through the fast path and the parsed one alike.
        let third = try Life.generation(try Life.reservations(Self.dinner("2030-06-26T18:30:00-07:00")), after: second.text, at: "2030-06-03T09:00:00Z")
        #expect(third.text == second.text)
        #expect(third.changes.unchanged.count == 1)
    }

    @Test("each move adds its lines before the older ones, and three are kept; a new place says which it was")
    func history() throws {
        var text: String?
        let runs: [(String, String, String)] = [
            ("2030-06-26T19:30:00-07:00", "EPIC Steak", "2030-06-01T09:00:00Z"),
            ("2030-06-26T18:30:00-07:00", "EPIC Steak", "2030-06-02T09:00:00Z"),
            ("2030-06-26T18:30:00-07:00", "Boulevard", "2030-06-03T09:00:00Z"),
            ("2030-06-27T18:30:00-07:00", "Boulevard", "2030-06-04T09:00:00Z"),
        ]
        for (start, place, now) in runs {
            text = try Life.generation(try Life.reservations(Self.dinner(start, place: place)), after: text, at: now).text
        }
        let last = try #require(text)
        let event = try #require(try Life.events(last).first)
        #expect(event.changeNotes.count == 3)
        #expect(event.changeNotes[0].hasPrefix("Starts: Thu, Jun 27, 2030 at 6:30\u{202F}PM (America/Los_Angeles), was Wed, Jun 26, 2030 at 6:30\u{202F}PM (America/Los_Angeles) (changed Tue, Jun 4, 2030)"), "\(event.changeNotes)")
        #expect(event.changeNotes[1].hasPrefix("Ends: Thu, Jun 27, 2030 at 8:30\u{202F}PM"))
        #expect(event.changeNotes[2].hasPrefix("Place: Boulevard, 369 The Embarcadero"), "\(event.changeNotes)")
        #expect(event.changeNotes[2].contains(", was EPIC Steak, 369 The Embarcadero") && event.changeNotes[2].hasSuffix("(changed Mon, Jun 3, 2030)"))
    }

    @Test("a flight's departure and arrival are named as its notes name them, in the feed's language")
    func flightInFrench() throws {
        var options = FeedOptions()
        options.synthesis.locale = try #require(SynthesisLocale(tag: "fr"))
        let first = try Life.generation(
            try Life.reservations(Self.flight(departs: "2030-06-15T17:55:00-07:00", arrives: "2030-06-16T14:05:00+03:00")), after: nil,
            at: "2030-06-01T09:00:00Z", options: options)
        let second = try Life.generation(
            try Life.reservations(Self.flight(departs: "2030-06-15T18:55:00-07:00", arrives: "2030-06-16T14:05:00+03:00")), after: first.text,
            at: "2030-06-02T09:00:00Z", options: options)
        let event = try #require(try Life.events(second.text).first)
        #expect(event.changeNotes.count == 1, "the arrival did not move")
        #expect(event.changeNotes.first?.hasPrefix("Départ : ") == true && event.changeNotes.first?.contains("auparavant") == true, "\(event.changeNotes)")
    }

    @Test("the busy view says nothing of what moved; a cancelled booking adds no line, and keeps those it had")
    func busyAndCancelled() throws {
        var busy = FeedOptions()
        busy.synthesis.view = .busy
        let first = try Life.generation(try Life.reservations(Self.dinner("2030-06-26T19:30:00-07:00")), after: nil, at: "2030-06-01T09:00:00Z", options: busy)
        let second = try Life.generation(
            try Life.reservations(Self.dinner("2030-06-26T18:30:00-07:00")), after: first.text, at: "2030-06-02T09:00:00Z", options: busy)
        #expect(second.text.components(separatedBy: "DESCRIPTION:").count == 2, "only the calendar's own")
        #expect(try Life.events(second.text).first?.changeNotes == [])

        let moved = try Life.generation(try Life.reservations(Self.dinner("2030-06-26T18:30:00-07:00")), after: nil, at: "2030-06-01T09:00:00Z")
        let again = try Life.generation(try Life.reservations(Self.dinner("2030-06-26T17:30:00-07:00")), after: moved.text, at: "2030-06-02T09:00:00Z")
        let cancelled = try Life.generation(
            try Life.reservations(Life.epicSteak(start: "2030-06-26T19:30:00-07:00", status: "cancelled")), after: again.text, at: "2030-06-03T09:00:00Z")
        let event = try #require(try Life.events(cancelled.text).first)
        #expect(event.status == .cancelled)
        #expect(event.changeNotes.count == 2 && event.changeNotes[0].contains("was 6:30\u{202F}PM"), "\(event.changeNotes)")
    }

    @Test("a stay known by its dates says its last day when it moves, not the day after; a place written in another language has not moved")
    func datesAndLanguages() throws {
        func stay(_ checkOut: String) -> String {
            #"""
            {"type": "lodging", "reservationNumber": "88412", "place": {"name": "Glo Hotel Sello", "address": {"city": "Espoo", "countryCode": "FI"},
             "coordinates": {"latitude": 60.2179, "longitude": 24.8107}}, "checkInTime": "2030-06-16", "checkOutTime": "\#(checkOut)"}
            """#
        }
        let first = try Life.generation(try Life.reservations(stay("2030-06-18")), after: nil, at: "2030-06-01T09:00:00Z")
        let second = try Life.generation(try Life.reservations(stay("2030-06-20")), after: first.text, at: "2030-06-02T09:00:00Z")
        let event = try #require(try Life.events(second.text).first)
        #expect(event.changeNotes == ["Check-out: Thu, Jun 20, 2030, was Tue, Jun 18, 2030 (changed Sun, Jun 2, 2030)"], "\(event.changeNotes)")

        var german = FeedOptions()
        german.synthesis.locale = try #require(SynthesisLocale(tag: "de"))
        let third = try Life.generation(try Life.reservations(stay("2030-06-20")), after: second.text, at: "2030-06-03T09:00:00Z", options: german)
        let translated = try #require(try Life.events(third.text).first)
        #expect(translated.location != event.location, "the country is named in German")
        #expect(translated.changeNotes == event.changeNotes, "\(translated.changeNotes)")
    }
}

