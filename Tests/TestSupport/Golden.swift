import Foundation

/// Golden files: expected outputs kept beside the tests, compared byte for byte.
///
/// Run the tests with `RECORD_GOLDEN=1` to write the current outputs as the new expectations,
/// then review the change with `git diff` before committing it.
public enum Golden {
    /// Whether this run records instead of comparing.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file, or records it.
    ///
    /// - Parameter path: The golden file, relative to the repository's top folder.
    /// - Returns: `nil` when they match (or when recording), else a description of the first difference.
    public static func mismatch(_ actual: String, golden path: String) -> String? {
        let url = Repository.url(path)
        if isRecording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return nil
        }
        guard let data = try? Data(contentsOf: url) else {
            return "no golden file at \(path); run the tests with RECORD_GOLDEN=1 to create it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return nil }
        // Split on LF bytes: Swift treats CRLF as one Character, so a String split on "\n" would
        // leave an iCalendar file in one piece.
        func lines(_ text: String) -> [String] {
            text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        let expectedLines = lines(expected)
        let actualLines = lines(actual)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let want = index < expectedLines.count ? expectedLines[index] : "(end of file)"
            let got = index < actualLines.count ? actualLines[index] : "(end of file)"
            if want != got {
                return "\(path) differs at line \(index + 1):\n  expected: \(want.debugDescription)\n  actual:   \(got.debugDescription)\n(RECORD_GOLDEN=1 re-records after review)"
            }
        }
        return "\(path) differs"
    }
}
