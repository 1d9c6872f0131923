import Testing

@testable import Diagnostics

@Suite("Messages kept as their parts until they are said")
struct DiagnosticMessageTests {
    /// A value that counts how often it is put into words.
    final class Counted: CustomStringConvertible, @unchecked Sendable {
        var described = 0
        var description: String {
            described += 1
            return "counted"
        }
    }

    @Test("values are put into words when the message is said, not when it is made")
    func deferred() {
        let value = Counted()
        let diagnostic = Diagnostic(.warning, DiagnosticCode(rawValue: "test"), "made from \(value)")
        #expect(value.described == 0)
        #expect(diagnostic.description == "warning: made from counted")
        #expect(value.described == 1)
    }

    @Test("a setting is named by the wording the message is said in")
    func settings() {
        let message: DiagnosticMessage = "more than the limit of \(bytes: 64 << 20) (\(setting: .limit("message-size"))); not read"
        #expect(message.text(.library) == "more than the limit of 64 MB (limit message-size); not read")
        let dashed = DiagnosticWording { "--\($0.option)" + ($0.value.map { " \($0)" } ?? "") }
        #expect(message.text(dashed) == "more than the limit of 64 MB (--limit message-size); not read")
        let shrink: DiagnosticMessage = "(\(setting: Setting("allow-shrink")) allows it)"
        #expect(shrink.text(dashed) == "(--allow-shrink allows it)")
    }

    @Test("sizes are said as people read them", arguments: [
        (1000, "1000 bytes"), (64 << 10, "64 KB"), (256 << 20, "256 MB"), (300_000_000, "286.1 MB"), (3 << 30, "3 GB"),
    ])
    func sizes(bytes: Int, text: String) {
        #expect(DiagnosticMessage.describe(bytes: bytes) == text)
        #expect(("\(bytes: bytes)" as DiagnosticMessage).description == text)
    }

    @Test("messages join, and are equal when they say the same")
    func joining() {
        var message: DiagnosticMessage = "not valid JSON"
        message += "; the reservation is skipped"
        #expect(message == "not valid JSON; the reservation is skipped")
        #expect(Set([message, DiagnosticMessage(verbatim: "not valid JSON; the reservation is skipped")]).count == 1)
        #expect(("a" as DiagnosticMessage) + "b" == "ab")
    }

    /// An error that says itself as a message naming a setting.
    struct LimitError: Error, DiagnosticMessageConvertible {
        var message: DiagnosticMessage { "more than \(bytes: 1 << 20) (\(setting: .limit("file-size")))" }
        var description: String { message.description }
    }

    @Test("an error inside a message names its settings in the wording the outer message is said in")
    func nestedWording() {
        let dashed = DiagnosticWording { "--\($0.option)" + ($0.value.map { " \($0)" } ?? "") }
        let message: DiagnosticMessage = "cannot read trip.json: \(LimitError())"
        #expect(message.description == "cannot read trip.json: more than 1 MB (limit file-size)")
        #expect(message.text(dashed) == "cannot read trip.json: more than 1 MB (--limit file-size)")
        // An error of unknown type, interpolated as it comes from a catch.
        let caught: any Error = LimitError()
        let wrapped: DiagnosticMessage = "cannot read trip.json: \(caught)"
        #expect(wrapped.text(dashed) == "cannot read trip.json: more than 1 MB (--limit file-size)")
        #expect(dashed.text(of: caught) == "more than 1 MB (--limit file-size)")
        let diagnostic = Diagnostic(.error, DiagnosticCode(rawValue: "test"), at: Origin(file: "trip.json"), "\(LimitError())")
        #expect(dashed.text(of: diagnostic) == "trip.json: more than 1 MB (--limit file-size)")
        #expect(diagnostic.description == "trip.json: more than 1 MB (limit file-size)")
    }

    @Test("messages are equal when their parts are: text however it was cut, values as values, settings as settings")
    func equalityByValue() {
        let size: DiagnosticMessage = "\(bytes: 1 << 20) (\(setting: .limit("file-size")))"
        #expect(size == "\(bytes: 1 << 20) (\(setting: .limit("file-size")))")
        #expect(size != "\(bytes: 1 << 20) (\(setting: .limit("message-size")))")
        // Said alike in the library's words, but one names a setting and the other does not.
        #expect(size != DiagnosticMessage(verbatim: size.description))
        #expect(("not " as DiagnosticMessage) + "valid" + " JSON" == "not valid JSON")
        #expect(Set(["\(7) events" as DiagnosticMessage, "\(7) events", "\(8) events"]).count == 2)
    }
}
