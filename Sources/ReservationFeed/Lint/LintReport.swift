import Diagnostics
import Foundation

/// What ``ReservationLinter`` found.
public struct LintReport: Sendable {
    /// How many input files (or standard input) were read.
    public var inputCount: Int
    /// How many messages of mailboxes (mbox files, IMAP folders) among the inputs were read.
    public var messageCount: Int
    /// How many reservations could be read from them.
    public var reservationCount: Int
    /// The findings, ordered by file and place.
    public var diagnostics: [Diagnostic]

    /// Creates a report.
    public init(inputCount: Int, messageCount: Int = 0, reservationCount: Int, diagnostics: [Diagnostic]) {
        self.inputCount = inputCount
        self.messageCount = messageCount
        self.reservationCount = reservationCount
        self.diagnostics = diagnostics
    }

    /// Whether nothing was found.
    public var isClean: Bool { diagnostics.isEmpty }

    /// `8 reservations in 8 inputs: 0 errors, 1 warning`, or with mailboxes
    /// `4 reservations in 1 input (5 messages): 0 errors, 1 warning`.
    public var summary: String {
        func count(_ number: Int, _ singular: String, _ plural: String) -> String {
            "\(number) \(number == 1 ? singular : plural)"
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let messages = messageCount > 0 ? " (\(count(messageCount, "message", "messages")))" : ""
        return "\(count(reservationCount, "reservation", "reservations")) in \(count(inputCount, "input", "inputs"))\(messages): "
            + "\(count(errors, "error", "errors")), \(count(diagnostics.count - errors, "warning", "warnings"))"
    }

    /// The findings one a line, then the summary, in the library's wording.
    public var text: String { text(in: .library) }

    /// The findings one a line, then the summary, naming settings as `wording` does: what
    /// `lint --format text` prints in the command line's.
    public func text(in wording: DiagnosticWording) -> String {
        (diagnostics.map { $0.description(wording) } + [summary]).joined(separator: "\n") + "\n"
    }

    /// The findings as JSON: what `lint --format json` prints.
    ///
    /// ```json
    /// { "diagnostics": [ { "code": "unknown-airport", "column": 7, "file": "trip.json", "line": 12,
    ///     "message": "unknown airport code \"QQQ\"; ...", "path": "reservations[0].departure.airport.iataCode",
    ///     "severity": "warning" } ],
    ///   "summary": { "errors": 0, "inputs": 1, "reservations": 1, "warnings": 1 } }
    /// ```
    ///
    /// A finding about a message in a mailbox names the mailbox in `file` (the mbox file, the IMAP
    /// folder's URL) and the message in `mailMessage`: `number` in an mbox, `uid` and `uidValidity`
    /// in an IMAP folder, and `messageID`; the summary then counts the `messages` read. Messages
    /// name settings as `wording` does (`lint --format json` passes the command line's).
    public func json(in wording: DiagnosticWording = .library) -> String {
        struct Item: Encodable {
            var severity, code, file, path, message: String
            var line, column: Int?
            /// For a message in a mailbox (whose name `file` holds): which one.
            var mailMessage: MailMessage?
        }
        struct MailMessage: Encodable {
            var number: Int?
            var uid, uidValidity: UInt32?
            var messageID: String?

            init?(_ source: Origin.Source?) {
                guard case .message(let message) = source else { return nil }
                switch message.number {
                case .ordinal(let ordinal): number = ordinal
                case .uid(let uid, let validity): (self.uid, uidValidity) = (uid, validity)
                }
                messageID = message.messageID
            }
        }
        struct Summary: Encodable {
            var inputs, reservations, errors, warnings: Int
            var messages: Int?
        }
        struct Document: Encodable {
            var diagnostics: [Item]
            var summary: Summary
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let document = Document(
            diagnostics: diagnostics.map {
                Item(
                    severity: $0.severity.rawValue, code: $0.code.rawValue, file: Self.file(of: $0.origin?.source),
                    path: $0.origin?.path ?? $0.field?.description ?? "", message: $0.text.text(wording), line: $0.origin?.position?.line,
                    column: $0.origin?.position?.column, mailMessage: MailMessage($0.origin?.source))
            },
            summary: Summary(
                inputs: inputCount, reservations: reservationCount, errors: errors, warnings: diagnostics.count - errors,
                messages: messageCount > 0 ? messageCount : nil))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return String(decoding: try! encoder.encode(document), as: UTF8.self) + "\n"
    }

    /// What a finding's `file` names: the file, or for a message the mailbox it is in (an mbox
    /// file, an IMAP folder's URL).
    private static func file(of source: Origin.Source?) -> String {
        guard let source else { return "" }
        if case .message(let message) = source { return message.mailbox }
        return source.description
    }
}
