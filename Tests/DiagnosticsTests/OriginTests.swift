import Testing

@testable import Diagnostics

@Suite("Where things came from")
struct OriginTests {
    private enum Keys: String, CodingKey {
        case departure, time, checkInAction, validFrom
    }

    @Test("a file's origin prints as the file, then the place in it; its line is printed by the diagnostic")
    func files() {
        let reservation = Origin(file: "trip.json", path: "reservations[3]", position: TextPosition(line: 12, column: 5))
        #expect(reservation.description == "trip.json: reservations[3]")
        #expect(Origin(file: "standard input").description == "standard input")
        let field = reservation.appending(FieldPath(Keys.departure, Keys.time), position: TextPosition(line: 14, column: 22))
        #expect(field.description == "trip.json: reservations[3].departure.time")
        #expect(field.position == TextPosition(line: 14, column: 22))
        // A field whose place is not known keeps the reservation's line.
        #expect(reservation.appending(FieldPath(Keys.checkInAction, Keys.validFrom)).position == TextPosition(line: 12, column: 5))
        #expect(Origin(file: "page.html").appending(path: "script[1]").appending(path: "[0]").path == "script[1][0]")
    }

    @Test("a message in an IMAP folder prints as its RFC 5092 URL, with the part when there is one")
    func imapMessages() {
        let message = MailboxMessage(mailbox: "imaps://me@mail.example.com/INBOX", number: .uid(20, validity: 385_759_045))
        #expect(message.description == "imaps://me@mail.example.com/INBOX;UIDVALIDITY=385759045/;UID=20")
        let part = Origin(.message(message.part("1.2")), path: "script[1]")
        #expect(part.description == "imaps://me@mail.example.com/INBOX;UIDVALIDITY=385759045/;UID=20/;SECTION=1.2: script[1]")
        let trailingSlash = MailboxMessage(mailbox: "imap://me@localhost/Travel/", number: .uid(7, validity: 1))
        #expect(trailingSlash.description == "imap://me@localhost/Travel;UIDVALIDITY=1/;UID=7")
    }

    @Test("a message of an mbox file prints as its place in the file and its Message-ID")
    func mboxMessages() {
        let message = MailboxMessage(mailbox: "Takeout.mbox", number: .ordinal(3), messageID: "k7p2qx@airline.example")
        #expect(message.description == "Takeout.mbox: message 3 <k7p2qx@airline.example>")
        #expect(message.part("2").description == "Takeout.mbox: message 3 <k7p2qx@airline.example>, part 2")
        #expect(MailboxMessage(mailbox: "a.mbox", number: .ordinal(1)).description == "a.mbox: message 1")
    }

    @Test("donations and calendar resources print as they are named")
    func otherSources() {
        #expect(Origin(.donation("inbox/donation-20300601T090000Z-3f2a.json")).description == "inbox/donation-20300601T090000Z-3f2a.json")
        let resource = "https://dav.example.com/calendars/me/trips/ab98bb6d.ics"
        #expect(Origin(.resource(resource)).description == resource)
        #expect(Origin(.resource(resource)) != Origin(file: resource))
    }
}
