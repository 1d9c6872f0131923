import ArgumentParser
import CommandOptions
import Foundation
import ProgramSupport

/// A program installed beside `reservation-feed` that one of its subcommands hands over to
/// (`serve` to `reservation-feed-server`, `publish` and `calendars` to `reservation-feed-publisher`), so that
/// the code only those subcommands need (an HTTP server, an HTTP client) is not loaded at every
/// start of the tool. The process (its id, its signals, its output) stays the one the person
/// started.
struct SiblingProgram {
    /// The program's file name.
    let name: String

    /// The program's path: beside this program's own file.
    var path: String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Replaces this process with the program, passing it everything after `subcommand` as it
    /// was typed (preceded by the subcommand itself when `naming`: the program has several).
    /// Returns only by throwing: when the program is missing or cannot start.
    func handOver(after subcommand: String, naming: Bool = false) throws -> Never {
        let path = self.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            StandardError.print(
                "error: \(subcommand) needs the program \(name) beside this one (\(path)): build them all (swift build, or swift build --product \(name)) and install them together")
            throw ExitCode.usage
        }
        let arguments = [path] + (naming ? [subcommand] : []) + Array(CommandLine.arguments.dropFirst().drop { $0 != subcommand }.dropFirst())
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(path, &pointers)
        StandardError.print("error: cannot start \(path): \(String(cString: strerror(errno)))")
        throw ExitCode.usage
    }
}
