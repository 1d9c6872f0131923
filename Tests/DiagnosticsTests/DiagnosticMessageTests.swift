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
}
