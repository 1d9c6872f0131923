import Foundation

/// A wrapper of KDE's extractor that counts its runs, for tests that check what is asked of it:
/// point `KITINERARY_EXTRACTOR` at ``program``. The real extractor does the work; without it,
/// every run fails loudly.
public struct CountingExtractor {
    /// The wrapper's path.
    public let program: String
    private let count: String

    /// Writes the wrapper into a test's folder.
    public init(in folder: TemporaryFolder) throws {
        count = folder.path("extractor-runs")
        program = try folder.writeProgram(
            "kitinerary-extractor",
            """
            #!/bin/sh
            echo run >> '\(count)'
            for candidate in /usr/lib/*/libexec/kf6/kitinerary-extractor /usr/lib/*/libexec/kf5/kitinerary-extractor /usr/bin/kitinerary-extractor; do
              [ -x "$candidate" ] && exec "$candidate" "$@"
            done
            echo "KDE's extractor is not installed (Debian: libkpimitinerary-bin)" >&2
            exit 3

            """)
    }

    /// How many times it ran.
    public var runs: Int {
        ((try? String(contentsOfFile: count, encoding: .utf8)) ?? "").split(separator: "\n").count
    }
}
