import Chrono
import EventModel
import Foundation
import Reservations
import TestSupport
import Testing

@testable import EventSynthesis

@Suite("Titles, notes and times in five languages")
struct LocalizationTests {
    static let examples = [
        "1-restaurant-epic-steak", "2-flight-sfo-hel", "3-lodging-glo-hotel-sello", "4-ticketed-event-concert",
        "5-boat-helsinki-stockholm", "6-bus-stockholm-oslo", "7-train-oslo-bergen", "8-rental-car-bergen",
    ]
    static let cases = SynthesisLocale.supportedLanguages.flatMap { language in examples.map { (language, $0) } }

    /// The event as a person reads it, one field a line.
    static func render(_ event: CalendarEvent) -> String {
        var lines = [
            "SUMMARY: \(event.summary)", "START: \(event.start)", "END: \(event.end.map { "\($0)" } ?? "-")",
            "LOCATION: \(event.location ?? "-")", "STATUS: \(event.status?.rawValue ?? "-")",
            "TRANSPARENCY: \(event.transparency.rawValue)", "CATEGORIES: \(event.categories.joined(separator: ", "))",
            "NOTES:",
        ]
        lines += (event.notes ?? "").split(separator: "\n").map { "  \($0)" }
        lines.append("REMINDERS:")
        for alarm in event.alarms {
            let trigger = switch alarm.trigger {
            case .at(let instant): instant.description
            case .beforeStart(let seconds): "\(seconds) s before the start"
            }
            lines.append("  \(trigger): \(alarm.message)\(alarm.url.map { " <\($0)>" } ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("each category in each language matches its golden file", arguments: cases)
    func golden(language: String, example: String) throws {
        let synthesizer = EventSynthesizer(options: SynthesisOptions(locale: try #require(SynthesisLocale(tag: language))))
        let result = synthesizer.synthesize(try Fixtures.example("\(example).json"))
        #expect(result.diagnostics.isEmpty)
        let text = Self.render(try #require(result.event))
        let mismatch = Golden.mismatch(text, golden: "Tests/EventSynthesisTests/Golden/\(language)/\(example).txt")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test("cancelled, in each language", arguments: [
        ("en", "Cancelled: Restaurant · EPIC Steak (2 people)"),
        ("fr", "Annulé : Restaurant · EPIC Steak (2 personnes)"),
        ("de", "Storniert: Restaurant · EPIC Steak (2 Personen)"),
        ("es", "Cancelado: Restaurante · EPIC Steak (2 personas)"),
        ("ja", "キャンセル済み：レストラン · EPIC Steak (2名)"),
    ])
    func cancelled(language: String, title: String) throws {
        var reservation = try Fixtures.example("1-restaurant-epic-steak.json")
        reservation.status = .cancelled
        let synthesizer = EventSynthesizer(options: SynthesisOptions(locale: try #require(SynthesisLocale(tag: language))))
        #expect(synthesizer.synthesize(reservation).event?.summary == title)
    }

    @Test("locale tags: the language picks the words, the whole tag the date conventions")
    func tags() throws {
        #expect(SynthesisLocale(tag: "fr_CA")?.language == "fr")
        #expect(SynthesisLocale(tag: "de-AT")?.identifier == "de-AT")
        #expect(SynthesisLocale(tag: "pt-BR") == nil)
        #expect(SynthesisLocale(tag: "") == nil)
        let british = EventSynthesizer(options: SynthesisOptions(locale: try #require(SynthesisLocale(tag: "en-GB"))))
        let notes = try #require(british.synthesize(try Fixtures.example("7-train-oslo-bergen.json")).event?.notes)
        #expect(notes.contains("Departure: Oslo S, Thu, 20 Jun 2030 at 08:25 (Europe/Oslo)"))
    }

    @Test("the same instants whatever the language")
    func sameTimes() throws {
        let reservation = try Fixtures.example("2-flight-sfo-hel.json")
        let english = try #require(EventSynthesizer().synthesize(reservation).event)
        for language in SynthesisLocale.supportedLanguages {
            let other = try #require(
                EventSynthesizer(options: SynthesisOptions(locale: SynthesisLocale(tag: language)!)).synthesize(reservation).event)
            #expect(other.start == english.start)
            #expect(other.end == english.end)
            #expect(other.uid == english.uid)
            #expect(other.alarms.map(\.trigger) == english.alarms.map(\.trigger))
        }
    }
}
