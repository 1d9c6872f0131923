import Foundation

/// Paths inside this repository, found from this source file so tests run from any directory.
public enum Repository {
    /// The repository's top folder (the one holding `Package.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A path relative to the top folder.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The files of the public keys that signed the repository's e-mails (the test fixtures and
    /// the example): DNS knows nothing of their domains.
    public static let dkimKeyFiles = [
        url("Tests/ReservationImportTests/Fixtures/schema-org/dkim-keys.txt").path, url("Examples/markup/dkim-keys.txt").path,
    ]

    /// ``dkimKeyFiles`` as command-line options, with the example mail's organization believed:
    /// Apple's example restaurant and the example hotel are at example.com, which is no booking
    /// sender the tool knows, so the person names it (`--trust-sender`).
    public static let dkimKeyOptions = dkimKeyFiles.flatMap { ["--dkim-keys", $0] } + ["--trust-sender", "example.com"]

    /// The folder holding the built products (`.build/debug`), where `reservation-feed` is.
    public static var productsFolder: URL {
        // The test runner itself lives in the products folder.
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // On Apple platforms the runner sits inside an .xctest bundle.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        return folder
    }
}
