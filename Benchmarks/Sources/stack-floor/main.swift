// The start-up floor of reservation-feed's stack: a program that links what the tool links
// (Foundation, swift-argument-parser, libical, libxml2, GMime and mimalloc), parses a command
// line with a subcommand the way the tool does, and does nothing else. Against the trivial
// program it shows what the dependencies cost before any work; against `generate 10`, what
// the work costs.
import ArgumentParser
import Foundation

@main
struct StackFloor: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stack-floor", subcommands: [Generate.self])

    struct Generate: ParsableCommand {
        @Argument var inputs: [String] = []
        @Option(name: .shortAndLong) var output: String
        @Option var now: String?
        @Flag(name: .shortAndLong) var quiet = false

        func run() {
            // Touch Foundation as the tool does, so its start-up is not skipped.
            if !quiet { print(Date() > Date.distantPast, inputs, output, now ?? "") }
        }
    }
}
