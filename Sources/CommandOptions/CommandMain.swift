import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Parses the command line and runs the command, with usage errors exiting 2
    /// (swift-argument-parser's own is 64) so that scripts see one status for "nothing was
    /// written"; `--help` and `--version` exit 0.
    public static func mainWithUsageStatus() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }  // --help, --version
            StandardError.print(fullMessage(for: error))
            Foundation.exit(ExitCode.usage.rawValue)
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
