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
            StandardError.print(fullMessage(for: error))
            exitProgram(ExitCode.usage.rawValue)
        }
    }
}
