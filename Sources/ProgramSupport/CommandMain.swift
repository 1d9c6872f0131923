import ArgumentParser
import Basics
import Dispatch

/// The C library's `exit`, which `ParsableCommand.exit(withError:)` hides inside the commands.
private func exitProgram(_ status: Int32) -> Never {
    exit(status)
}

extension ParsableCommand {
    /// Parses the command line and runs the command, with usage errors exiting 2
    /// (swift-argument-parser's own is 64) so that scripts see one status for "nothing was
    /// written" from every program of the package; `--help` and `--version` exit 0.
    ///
    /// A command that is an `AsyncParsableCommand` (`serve`, `publish`, `calendars`) runs as async
    /// code on the concurrency pool while the main thread waits in Dispatch's main loop, and the
    /// program exits when it ends; the others (`generate`, `lint`) run here, on the main thread,
    /// and start no concurrency runtime at all.
    public static func mainWithUsageStatus() -> Never {
        let command = parsedOrExit()
        if let asynchronous = command as? any AsyncParsableCommand { runAsynchronously(asynchronous) }
        var synchronous = command
        do {
            try synchronous.run()
        } catch {
            exit(withError: error)
        }
        exit()
    }

    /// Runs `command` as a task and the main loop until it ends; never returns.
    private static func runAsynchronously(_ command: sending any AsyncParsableCommand) -> Never {
        Task.detached {
            var command = command
            do {
                try await command.run()
            } catch {
                exit(withError: error)
            }
            exit()
        }
        dispatchMain()
    }

    /// The command the command line names; on a usage error, the message and exit status 2.
    fileprivate static func parsedOrExit() -> any ParsableCommand {
        do {
            return try parseAsRoot()
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }  // --help, --version
            let message = fullMessage(for: error)
            // A required option reported missing because it was mistyped (`--ouput`): the parser
            // says what is missing before what it did not know, so the likely typo is named first.
            if let typo = likelyTypo(in: message, arguments: Array(CommandLine.arguments.dropFirst())) {
                StandardError.print("Error: Unknown option '\(typo.given)'. Did you mean '\(typo.meant)'?")
            }
            StandardError.print(message)
            exitProgram(ExitCode.usage.rawValue)
        }
    }
}

/// The argument that is probably a mistyped form of the option a usage message says is missing
/// (`--ouput` for `--output`): within two edits of it, and not it.
func likelyTypo(in message: String, arguments: [String]) -> (given: String, meant: String)? {
    let marker = Array("Missing expected argument '--")
    let characters = Array(message)
    guard characters.count > marker.count,
        let start = (0...(characters.count - marker.count)).first(where: { characters[$0..<($0 + marker.count)].elementsEqual(marker) })
    else { return nil }
    let meant = "--" + String(characters[(start + marker.count)...].prefix { $0.isLetter || $0 == "-" })
    for argument in arguments where argument.hasPrefix("--") {
        let given = String(argument.prefix { $0 != "=" })
        if given != meant, editDistance(Array(given), Array(meant)) <= 2 { return (given, meant) }
    }
    return nil
}

/// The Levenshtein distance between two short words.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
