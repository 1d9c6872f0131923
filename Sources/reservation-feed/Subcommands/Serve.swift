import ArgumentParser
import CommandOptions
import Foundation

/// `reservation-feed serve INPUT... --output FEED.ics`: checks the command line, then hands it to
/// the server program beside this one (`reservation-feed-server`), which replaces this process.
///
/// The server's code lives in a program of its own so that `generate` and `lint` do not load
/// SwiftNIO and Hummingbird at every start; the process (its id, its signals, its output) is the
/// same one the person started.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep a feed current and serve it to calendars that subscribe by URL.",
        discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() throws {
        let server = Self.serverProgram()
        guard FileManager.default.isExecutableFile(atPath: server) else {
            StandardError.print(
                "error: serve needs the program reservation-feed-server beside this one (\(server)): build both (swift build, or swift build --product reservation-feed-server) and install them together")
            throw ExitCode.usage
        }
        // Everything after "serve", as it was typed.
        let arguments = [server] + Array(CommandLine.arguments.dropFirst().drop { $0 != "serve" }.dropFirst())
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(server, &pointers)
        StandardError.print("error: cannot start \(server): \(String(cString: strerror(errno)))")
        throw ExitCode.usage
    }

    /// The server program: beside this program's own file.
    static func serverProgram() -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("reservation-feed-server").path
    }
}
