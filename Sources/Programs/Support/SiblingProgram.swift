import Foundation

/// The programs installed together find each other from this program's own folder, wherever it
/// was started from: beside it (`reservation-feed-mail` in `/usr/bin`, everything in
/// `.build/debug`), or in the package's private folder of helpers
/// (`/usr/libexec/reservation-feed/reservation-feed-kitinerary` beside `/usr/bin`).
enum SiblingProgram {
    /// The path of the program `name`: the first of those places that holds it, else beside this
    /// program (where an error then says it is missing).
    static func path(_ name: String) -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let folder = URL(fileURLWithPath: own).deletingLastPathComponent()
        let beside = folder.appendingPathComponent(name).path
        let helpers = folder.deletingLastPathComponent().appendingPathComponent("libexec/reservation-feed/\(name)").standardizedFileURL.path
        return [beside, helpers].first(where: FileManager.default.isExecutableFile(atPath:)) ?? beside
    }
}
