import Foundation
import Synchronization

/// Runs the independent iCalendar checker on files this package wrote.
///
/// The checker parses each file with three independent parsers (python `icalendar`, the strict
/// `ical`, `vobject`) and checks RFC 5545 rules none of them enforce. It is, in order of choice:
/// the program in `VALIDATE_ICS`; the team's shared `validate-ics` beside this repository
/// (`../shared/tools/validate-ics`); this repository's own `Tests/Tools/validate-ics`.
public enum ICSValidator {
    /// The checker's verdict.
    public struct Verdict: Sendable {
        /// Whether every file passed.
        public let passed: Bool
        /// What the checker printed.
        public let report: String
    }

    /// The checker that will be used.
    public static var checker: URL {
        if let path = ProcessInfo.processInfo.environment["VALIDATE_ICS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let shared = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/tools/validate-ics")
        if FileManager.default.isExecutableFile(atPath: shared.path) { return shared }
        return Repository.url("Tests/Tools/validate-ics")
    }

    // The checkers install their parsers on first use; one run at a time keeps that safe.
    private static let lock = Mutex(())

    /// Checks files.
    public static func validate(_ paths: [String]) throws -> Verdict {
        try lock.withLock { _ in
            let output = try ProcessRunner.run(checker, paths)
            return Verdict(passed: output.status == 0, report: output.standardOutput + output.standardError)
        }
    }

    /// Checks text by writing it to a temporary file first.
    public static func validate(text: String, name: String = "feed.ics") throws -> Verdict {
        let folder = try TemporaryFolder("validate")
        let path = try folder.write(name, text)
        return try validate([path])
    }
}
