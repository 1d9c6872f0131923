import Foundation
import TestSupport
import Testing

/// `--traveller`: a family's bookings (one group booking for three, one person's own flight, a
/// stay under two names, tickets each under a name, a table under none), kept by person.
@Suite("Bookings by traveller")
struct TravellerTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let family = Repository.url("Tests/CommandLineTests/Fixtures/travellers/family.json").path
    static let now = "2030-01-01T00:00:00Z"

    /// The titles of a feed's events.
    static func titles(_ feed: String) -> Set<String> {
        Set(feed.split(separator: "\r\n").filter { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst("SUMMARY:".count)) })
    }

    static let groupFlight = "Flight AY 5 · HEL → LHR"
    static let charlesFlight = "Flight BA 7 · LHR → JFK"
    static let stay = "Hotel · The Savoy"
    static let table = "Restaurant · Rules (3 people)"
    static let ballet = "Swan Lake"

    @Test(
        "each traveller's feed holds the bookings they are on, however the name is written, and the bookings that name nobody",
        arguments: [
            (["LOVELACE, ADA"], [groupFlight, stay, table, ballet]),
            (["Mrs Adá Lovelace"], [groupFlight, stay, table, ballet]),
            (["charles babbage"], [groupFlight, charlesFlight, stay, table]),
            (["BABBAGE/CHARLES"], [groupFlight, charlesFlight, stay, table]),
            (["Byron Lovelace"], [groupFlight, table, ballet]),
            (["Byron"], [groupFlight, table, ballet]),
            (["Byron", "Charles Babbage"], [groupFlight, charlesFlight, stay, table, ballet]),
        ])
    func byTraveller(names: [String], expected: [String]) throws {
        let run = try ProcessRunner.run(Self.tool, ["generate", Self.family, "--output", "-", "--now", Self.now] + names.flatMap { ["--traveller", $0] })
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Self.titles(run.standardOutput) == Set(expected), "\(names)")
        #expect(!run.standardError.contains("warning"), "\(run.standardError)")
    }

    @Test("without --traveller every booking is there, and a booking for several names them all in the full view, not in the shared one")
    func everyone() throws {
        let folder = try TemporaryFolder("travellers")
        let run = try ProcessRunner.run(Self.tool, ["generate", Self.family, "--output", folder.path("full.ics"), "--now", Self.now])
        #expect(run.status == 0, "\(run.standardError)")
        let full = try String(contentsOfFile: folder.path("full.ics"), encoding: .utf8)
        #expect(Self.titles(full) == [Self.groupFlight, Self.charlesFlight, Self.stay, Self.table, Self.ballet])
        let events = try ICalendarReadBack.events(folder.path("full.ics"))
        let flight = try #require(events.first { $0["SUMMARY"] == Self.groupFlight })
        // The three passengers of the one booking, each once, as the first source writes them.
        #expect(flight["DESCRIPTION"]?.contains("Travellers: Ada Lovelace, Byron Lovelace, BABBAGE/CHARLES MR") == true, "\(flight)")
        let stay = try #require(events.first { $0["SUMMARY"] == Self.stay })
        #expect(stay["DESCRIPTION"]?.contains("Travellers: Ada Lovelace, Charles Babbage") == true, "\(stay)")
        let shared = try ProcessRunner.run(Self.tool, ["generate", Self.family, "--output", folder.path("shared.ics"), "--now", Self.now, "--view", "shared"])
        #expect(shared.status == 0)
        let sharedText = try String(contentsOfFile: folder.path("shared.ics"), encoding: .utf8)
        #expect(!sharedText.contains("Travellers") && !sharedText.contains("Lovelace") && !sharedText.contains("Babbage"))
        let verdict = try ICSValidator.validate([folder.path("full.ics"), folder.path("shared.ics")])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("a name on no booking is said once, with the names the bookings have; one that names nobody stops the run before it reads anything (exit 2)")
    func unmatched() throws {
        let run = try ProcessRunner.run(
            Self.tool, ["generate", Self.family, "--output", "-", "--now", Self.now, "--traveller", "Ada Lovelace", "--traveller", "Grace Hopper"])
        #expect(run.status == 0)
        let warnings = run.standardError.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1, "\(run.standardError)")
        #expect(warnings.first?.hasPrefix("warning: --traveller \"Grace Hopper\" matches no booking; the bookings name ") == true, "\(warnings)")
        #expect(warnings.first?.contains("BABBAGE/CHARLES MR") == true && warnings.first?.contains("Ada Lovelace") == true, "each person once")
        #expect(Self.titles(run.standardOutput).count == 4)
        // What a booking's sender wrote reaches the terminal as text, never as its commands.
        let folder = try TemporaryFolder("travellers-escapes")
        try folder.write(
            "hostile.json",
            #"{"reservations": [{"type": "restaurant", "reservationNumber": "X1", "holderName": "Mallory\u001b]0;pwned\u0007\u001b[2J\nerror: your feed was deleted", "startTime": "2030-06-14T19:30:00[Europe/Paris]", "place": {"name": "Bistro"}}, {"type": "restaurant", "reservationNumber": "X2", "holderName": "Ada Lovelace", "startTime": "2030-06-15T19:30:00[Europe/Paris]", "place": {"name": "Bistro"}}]}"#)
        let hostile = try ProcessRunner.run(
            Self.tool, ["generate", folder.path("hostile.json"), "--output", "-", "--now", Self.now, "--traveller", "Ada", "--traveller", "Grace\u{1b}[31m Hopper"])
        #expect(hostile.status == 0, "\(hostile.standardError)")
        #expect(!hostile.standardError.contains("\u{1b}") && !hostile.standardError.contains("\u{7}"), "\(hostile.standardError)")
        #expect(!hostile.standardError.contains("\nerror:"), "no line of the sender's")
        #expect(hostile.standardError.contains("\"Mallory?]0;pwned??[2J?error: your feed was deleted\""), "\(hostile.standardError)")
        for nobody in ["Mr.", " ", "/"] {
            let refused = try ProcessRunner.run(Self.tool, ["generate", Self.family, "--output", "-", "--traveller", nobody])
            #expect(refused.status == 2)
            #expect(refused.standardError.contains("--traveller \"\(nobody)\" names nobody"), "\(refused.standardError)")
            #expect(refused.standardOutput.isEmpty)
        }
    }

    @Test("a feed kept for one traveller: a booking that gains them joins it, one that loses them leaves it cancelled, the rest unchanged")
    func followsTheBookings() throws {
        let folder = try TemporaryFolder("travellers-feed")
        try FileManager.default.copyItem(atPath: Self.family, toPath: folder.path("family.json"))
        let arguments = ["generate", folder.path("family.json"), "--output", folder.path("byron.ics"), "--now", Self.now, "--traveller", "Byron Lovelace"]
        #expect(try ProcessRunner.run(Self.tool, arguments).status == 0)
        // Byron joins the stay; the ballet's second ticket becomes Charles's.
        var text = try String(contentsOfFile: folder.path("family.json"), encoding: .utf8)
        text = text.replacingOccurrences(
            of: #"{"@type": "Person", "name": "Charles Babbage"}],"#, with: #"{"@type": "Person", "name": "Charles Babbage"}, {"@type": "Person", "name": "Byron Lovelace"}],"#)
        text = text.replacingOccurrences(of: #""underName": {"@type": "Person", "name": "Byron Lovelace"}}]"#, with: #""underName": {"@type": "Person", "name": "Charles Babbage"}}]"#)
        try text.write(toFile: folder.path("family.json"), atomically: true, encoding: .utf8)
        let second = try ProcessRunner.run(Self.tool, arguments + ["--allow-shrink"])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardError.contains("1 added, 0 updated, 1 cancelled, 0 removed, 2 unchanged"), "\(second.standardError)")
        let events = try ICalendarReadBack.events(folder.path("byron.ics"))
        #expect(events.first { $0["SUMMARY"] == Self.stay } != nil)
        #expect(events.first { $0["SUMMARY"]?.hasSuffix(Self.ballet) == true }?["STATUS"] == "CANCELLED")
    }
}
