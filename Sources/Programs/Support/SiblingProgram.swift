import Foundation

/// The programs installed together find each other in this program's own folder (`/usr/bin`
/// for the package, `.build/debug` for a build), wherever it was started from.
enum SiblingProgram {
    /// The path of the program `name` beside this one.
    static func path(_ name: String) -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
