import ArgumentParser

#if canImport(Glibc)
    import Glibc
    private let exitProgram = Glibc.exit
#elseif canImport(Musl)
    import Musl
    private let exitProgram = Musl.exit
#elseif canImport(Darwin)
    import Darwin
    private let exitProgram = Darwin.exit
#endif

extension ParsableCommand {
    /// Parses the command line and runs the command, with usage errors exiting 2
    /// (swift-argument-parser's own is 64) so that scripts see one status for "nothing was
    /// written" from every program of the package; `--help` and `--version` exit 0.
    public static func mainWithUsageStatus() {
        var command = parsedOrExit()
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
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

extension AsyncParsableCommand {
    /// ``ArgumentParser/ParsableCommand/mainWithUsageStatus()`` for the programs that talk to
    /// the network: the command runs as async code on the concurrency pool, and no thread is
    /// blocked waiting for it.
    public static func mainWithUsageStatus() async {
        var command = parsedOrExit()
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
