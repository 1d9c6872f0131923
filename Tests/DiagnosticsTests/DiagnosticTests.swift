import Testing

@testable import Diagnostics

@Suite("What is said about inputs and reservations")
struct DiagnosticTests {
    private enum Keys: String, CodingKey {
        case departure, time
    }

    private static let example = DiagnosticCode(rawValue: "example-code")

    @Test("what an input's author wrote is said as one line of text: escapes, bells, new lines, C1 controls and direction overrides become ?")
    func oneLine() {
        let value = "S\u{1b}]0;pwned\u{07}\u{1b}[2J\nerror: fake\u{85}\u{9b}2J\u{202e}\u{2028}x"
        let warning = Diagnostic(.warning, Self.example, at: Origin(file: "m.eml"), "its booking (table \(value)) is not used")
        #expect(warning.description == "m.eml: warning: its booking (table S?]0;pwned??[2J?error: fake??2J??x) is not used")
        #expect(Diagnostic.oneLine("Zoë Müller · 山田 → ok\ttab") == "Zoë Müller · 山田 → ok?tab")
        #expect(Diagnostic.oneLine("plain") == "plain")
    }

    @Test("the text names where first, then a warning as one, then what, then the line")
    func description() {
        let origin = Origin(file: "trip.json", path: "reservations[3].departure.time", position: TextPosition(line: 14, column: 22))
        let error = Diagnostic(.error, Self.example, field: FieldPath(Keys.departure, Keys.time), at: origin, "expected a date")
        #expect(error.description == "trip.json: reservations[3].departure.time: expected a date (line 14, column 22)")
        let warning = Diagnostic(.warning, Self.example, at: Origin(file: "trip.json", path: "reservations[0]"), "floats")
        #expect(warning.description == "trip.json: reservations[0]: warning: floats")
    }

    @Test("about a value built in code, with no origin, the text names the field, or nothing")
    func withoutOrigin() {
        let field = Diagnostic(.warning, Self.example, field: FieldPath(Keys.departure, Keys.time), "floats")
        #expect(field.description == "departure.time: warning: floats")
        #expect(Diagnostic(.error, Self.example, "no event").description == "no event")
    }

    @Test("a diagnostic found somewhere keeps what it says and gains where")
    func found() {
        let said = Diagnostic(.warning, Self.example, field: FieldPath(Keys.departure, Keys.time), "floats")
        let located = said.found(at: Origin(file: "a.json", path: "[0].departure.time"))
        #expect(located.description == "a.json: [0].departure.time: warning: floats")
        #expect(located.field == said.field && located.code == said.code && located.message == said.message)
    }

    @Test("codes compare by their text, round-trip unknown text, and print as it")
    func codes() {
        #expect(DiagnosticCode(rawValue: "b-code") > DiagnosticCode(rawValue: "a-code"))
        #expect(DiagnosticCode(rawValue: "from-a-newer-version").rawValue == "from-a-newer-version")
        #expect("\(Self.example)" == "example-code")
    }
}
