import Chrono
import Diagnostics
import DKIM
import Foundation
import ReservationImport
import Reservations
import SenderVerification
import Testing
import TestSupport

/// Calendar files people are sent (vendors' `.ics` from KDE's test data), as inputs and as
/// e-mail attachments.
@Suite("Calendar files and invitations")
struct CalendarFileTests {
    static func fixture(_ name: String) -> String { Repository.url("Tests/ReservationImportTests/Fixtures/calendar/\(name)").path }

    private func read(_ name: String) throws -> ImportResult {
        ReservationImporter(extraction: .none).read(.file(Self.fixture(name)))
    }

    private func event(_ result: ImportResult) throws -> (Reservation, TicketedEvent) {
        let reservation = try #require(result.reservations.first).reservation
        guard case .ticketedEvent(let event) = reservation.details else {
            Issue.record("not an event: \(reservation.details)")
            throw CancellationError()
        }
        return (reservation, event)
    }

    private func local(_ text: String) -> LocalDateTime { try! DateTimeValue(iso8601: text).localDateTime! }

    @Test("Meetup: the summary, the zone its TZID names, the place with its GEO, the description, and the UID as identity")
    func meetup() throws {
        let result = try read("meetup-20220914-kde-eco.ics")
        #expect(result.diagnostics.isEmpty)
        let (reservation, event) = try event(result)
        #expect(event.name == "Sustainable Software - KDE Eco [x] Green Coding Berlin")
        #expect(event.startTime == .dateTime(local("2022-09-14T18:30:00"), timeZone: "Europe/Berlin", utcOffset: UTCOffset(hours: 2)))
        #expect(event.endTime == .dateTime(local("2022-09-14T20:30:00"), timeZone: "Europe/Berlin", utcOffset: UTCOffset(hours: 2)))
        #expect(event.venue?.name == "betahaus | Kreuzberg (Rudi-Dutschke-Straße 23, Berlin, BE, Germany 10969)")
        #expect(event.venue?.coordinates == Coordinates(latitude: 52.52, longitude: 13.38))
        #expect(event.description?.hasPrefix("Green Coding\nWednesday, September 14 at 6:30 PM") == true)
        #expect(reservation.itemReference == "event_287887811@meetup.com")
        #expect(reservation.status == .confirmed)
        #expect(reservation.url == "https://www.meetup.com/green-coding/events/287887811/")
        #expect(result.reservations.first?.origin?.description == Self.fixture("meetup-20220914-kde-eco.ics") + ": VEVENT[0]")
    }

    @Test("the same UID cancelled later (METHOD:CANCEL, STATUS:CANCELLED) cancels the event: one booking, cancelled")
    func cancellation() throws {
        let cancelled = try event(try read("cancelled-invitation.ics")).0
        #expect(cancelled.status == .cancelled)
        let both = ReservationImporter(extraction: .none).read([.file(Self.fixture("meetup-20220914-kde-eco.ics")), .file(Self.fixture("cancelled-invitation.ics"))])
        #expect(both.reservations.count == 1)
        #expect(both.reservations.first?.reservation.status == .cancelled)
    }

    @Test("an Outlook TZID that is a Windows name: the IANA zone it stands for, the wall time kept")
    func windowsZone() throws {
        let result = try read("windows-zone-invitation.ics")
        #expect(result.diagnostics.isEmpty)
        let (_, event) = try event(result)
        #expect(event.startTime == .dateTime(local("2030-07-10T14:30:00"), timeZone: "Europe/Berlin", utcOffset: UTCOffset(hours: 2)))
        #expect(event.name == "Museum tour (guided, 2 tickets)")
    }

    @Test("Deutsche Bahn's floating times are read in the file's only zone; Lufthansa's UTC times stay UTC")
    func floatingAndUTC() throws {
        let (_, train) = try event(try read("deutschebahn-20240822-berlin-paris.ics"))
        #expect(train.startTime == .dateTime(local("2024-08-22T10:27:00"), timeZone: "Europe/Berlin", utcOffset: UTCOffset(hours: 2)))
        #expect(train.name == "Berlin Hbf ➞ Paris Est")
        let (_, lufthansa) = try event(try read("lufthansa-4_ZMB-FRA.ics"))
        #expect(lufthansa.startTime == .dateTime(local("2026-12-01T07:00:00"), timeZone: nil, utcOffset: .zero))
    }

    @Test("an event ending in another zone (a flight's DTEND at its destination) keeps its instant, on the start's clock")
    func endInAnotherZone() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Airline//EN\r
            BEGIN:VEVENT\r
            UID:AY20-20300615@airline.example\r
            DTSTAMP:20300101T000000Z\r
            SUMMARY:Flight AY 20 San Francisco - Helsinki\r
            DTSTART;TZID=America/Los_Angeles:20300615T175500\r
            DTEND;TZID=Europe/Helsinki:20300616T140500\r
            LOCATION:San Francisco International Airport\r
            GEO:37.618806;-122.375417\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let result = CalendarFileReader().read(Array(text.utf8), source: .file("flight.ics"))
        let (_, event) = try event(result)
        #expect(event.endTime == .dateTime(local("2030-06-16T04:05:00"), timeZone: "America/Los_Angeles", utcOffset: UTCOffset(hours: -7)))
    }

    /// An importer that checks the signature `mail(withMarkup:)` is signed with.
    private func importer(_ keys: DKIMTestKeys) throws -> ReservationImporter {
        var importer = ReservationImporter(extraction: .none)
        importer.senders.verifier = SenderVerifier(keys: try DKIMKeyFile(path: keys.keysFile))
        return importer
    }

    /// An e-mail with the Meetup invitation attached, and markup when `withMarkup`, signed as
    /// Meetup signs its mail (dkimpy, with a key of the test's own).
    private func mail(withMarkup: Bool, keys: DKIMTestKeys) throws -> [UInt8] {
        try keys.make(selector: "s1", domain: "meetup.com")
        return Array(try keys.sign(String(decoding: try mail(withMarkup: withMarkup), as: UTF8.self), selector: "s1", domain: "meetup.com").utf8)
    }

    /// An e-mail with the Meetup invitation attached, and markup when `withMarkup`.
    private func mail(withMarkup: Bool) throws -> [UInt8] {
        let calendar = try String(contentsOfFile: Self.fixture("meetup-20220914-kde-eco.ics"), encoding: .utf8)
        let html = withMarkup
            ? #"<html><body><script type="application/ld+json">{"@context": "http://schema.org", "@type": "EventReservation", "reservationNumber": "RSVP-1", "reservationStatus": "http://schema.org/ReservationConfirmed", "reservationFor": {"@type": "Event", "name": "Sustainable Software", "startDate": "2022-09-14T18:30:00+02:00", "location": {"@type": "Place", "name": "betahaus"}}}</script></body></html>"#
            : "<html><body><p>You are going!</p></body></html>"
        let text = """
            From: Meetup <info@meetup.com>\r
            To: me@example.com\r
            Subject: You are going\r
            Date: Wed, 17 Aug 2022 21:05:00 +0000\r
            MIME-Version: 1.0\r
            Content-Type: multipart/mixed; boundary="b"\r
            \r
            --b\r
            Content-Type: text/html; charset=utf-8\r
            \r
            \(html)\r
            --b\r
            Content-Type: text/calendar; charset=utf-8; method=PUBLISH\r
            Content-Disposition: attachment; filename="invite.ics"\r
            \r
            \(calendar.replacingOccurrences(of: "\n", with: "\r\n"))\r
            --b--\r

            """
        return Array(text.utf8)
    }

    @Test("an e-mail whose only booking information is its calendar attachment becomes the event")
    func attachment() throws {
        let keys = try DKIMTestKeys()
        let message = try mail(withMarkup: false, keys: keys)
        let result = try importer(keys).readMessage(message, source: .file("rsvp.eml"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let imported = try #require(result.reservations.first)
        #expect(result.reservations.count == 1)
        #expect(imported.reservation.itemReference == "event_287887811@meetup.com")
        #expect(imported.origin?.description == "rsvp.eml: part[2].VEVENT[0]")
    }

    @Test("when the e-mail also carries markup, the markup's reading wins and no second event is made")
    func markupWins() throws {
        let keys = try DKIMTestKeys()
        let message = try mail(withMarkup: true, keys: keys)
        let result = try importer(keys).readMessage(message, source: .file("rsvp.eml"))
        #expect(result.reservations.count == 1)
        #expect(result.reservations.first?.reservation.reservationNumber == "RSVP-1")
    }

    @Test("an Apple Wallet pass read by KDE's extractor: its type identifier and serial number are its identity")
    func walletPass() throws {
        let json = #"[{"@context": "http://schema.org", "@type": "FlightReservation", "pkpassPassTypeIdentifier": "pass.com.example.boarding", "pkpassSerialNumber": "8YQ2K-1", "reservationFor": {"@type": "Flight", "flightNumber": "123", "airline": {"@type": "Airline", "iataCode": "LH"}, "departureAirport": {"@type": "Airport", "iataCode": "FRA"}, "arrivalAirport": {"@type": "Airport", "iataCode": "BER"}, "departureTime": "2030-03-01T10:00:00+01:00"}}]"#
        let result = ReservationImporter(extraction: .none).read(Array(json.utf8), source: .file("pass.json"))
        #expect(result.reservations.first?.reservation.itemReference == "pass.com.example.boarding/8YQ2K-1")
    }
}
