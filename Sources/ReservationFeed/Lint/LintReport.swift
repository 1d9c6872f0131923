import Diagnostics
import Foundation

/// What ``ReservationLinter`` found.
public struct LintReport: Sendable {
    /// How many input files (or standard input) were read.
    public var inputCount: Int
    /// How many reservations could be read from them.
    public var reservationCount: Int
    /// The findings, ordered by file and place.
    public var diagnostics: [Diagnostic]

    /// Creates a report.
    public init(inputCount: Int, reservationCount: Int, diagnostics: [Diagnostic]) {
        self.inputCount = inputCount
        self.reservationCount = reservationCount
        self.diagnostics = diagnostics
    }

    /// Whether nothing was found.
    public var isClean: Bool { diagnostics.isEmpty }

    /// `8 reservations in 8 inputs: 0 errors, 1 warning`.
    public var summary: String {
        func count(_ number: Int, _ singular: String, _ plural: String) -> String {
            "\(number) \(number == 1 ? singular : plural)"
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        return "\(count(reservationCount, "reservation", "reservations")) in \(count(inputCount, "input", "inputs")): "
            + "\(count(errors, "error", "errors")), \(count(diagnostics.count - errors, "warning", "warnings"))"
    }

    /// The findings one a line, then the summary: what `lint --format text` prints.
    public var text: String {
        (diagnostics.map(\.description) + [summary]).joined(separator: "\n") + "\n"
    }

    /// The findings as JSON: what `lint --format json` prints.
    ///
    /// ```json
    /// { "diagnostics": [ { "code": "unknown-airport", "column": 7, "file": "trip.json", "line": 12,
    ///     "message": "unknown airport code \"QQQ\"; ...", "path": "reservations[0].departure.airport.iataCode",
    ///     "severity": "warning" } ],
    ///   "summary": { "errors": 0, "inputs": 1, "reservations": 1, "warnings": 1 } }
    /// ```
    public func json() -> String {
        struct Item: Encodable {
            var severity, code, file, path, message: String
            var line, column: Int?
        }
        struct Summary: Encodable {
            var inputs, reservations, errors, warnings: Int
        }
        struct Document: Encodable {
            var diagnostics: [Item]
            var summary: Summary
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let document = Document(
            diagnostics: diagnostics.map {
                Item(
                    severity: $0.severity.rawValue, code: $0.code.rawValue, file: $0.origin?.source.description ?? "",
                    path: $0.origin?.path ?? $0.field?.description ?? "", message: $0.message, line: $0.origin?.position?.line,
                    column: $0.origin?.position?.column)
            },
            summary: Summary(inputs: inputCount, reservations: reservationCount, errors: errors, warnings: diagnostics.count - errors))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return String(decoding: try! encoder.encode(document), as: UTF8.self) + "\n"
    }
}
