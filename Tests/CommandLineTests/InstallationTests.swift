import Foundation
import TestSupport
import Testing

/// What the Debian package installs beside the programs, made from the same command definitions:
/// the systemd units' command lines, the completion scripts and what the manual pages are made
/// of. (`Packaging/test-installed` tries the installed package itself in a clean root.)
@Suite("What is installed beside the programs")
struct InstallationTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")

    /// The `ExecStart=` command lines of a unit file, continuation lines joined.
    private func commandLines(ofUnit url: URL) throws -> [[String]] {
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\\\n", with: " ")
        return text.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }.map {
            $0.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        }
    }

    @Test("every systemd unit runs reservation-feed by name, with a subcommand and options it has")
    func units() throws {
        let folder = Repository.url("Examples/systemd")
        let units = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".service") }
        #expect(units.count == 4)
        for unit in units {
            let lines = try commandLines(ofUnit: folder.appendingPathComponent(unit))
            try #require(lines.count == 1, "\(unit) has \(lines.count) ExecStart lines")
            let words = lines[0]
            // By name: systemd finds it in /usr/bin (the package) or /usr/local/bin (from source).
            #expect(words.first == "reservation-feed", "\(unit) runs \(words.first ?? "nothing")")
            let subcommand = try #require(words.dropFirst().first)
            let help = try ProcessRunner.run(Self.tool, [subcommand, "--help"])
            #expect(help.status == 0, "\(unit): reservation-feed \(subcommand) --help: \(help.standardError)")
            for option in words where option.hasPrefix("--") {
                #expect(help.standardOutput.contains("\(option) ") || help.standardOutput.contains("\(option)\n"),
                    "\(unit) gives \(option), which reservation-feed \(subcommand) does not take")
            }
        }
    }

    @Test("the bash completion script loads and completes subcommands and their options")
    func bashCompletion() throws {
        let script = try ProcessRunner.run(Self.tool, ["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let folder = try TemporaryFolder("completion")
        let path = folder.path("reservation-feed.bash")
        try Data(script.standardOutput.utf8).write(to: URL(fileURLWithPath: path))
        // As bash-completion does: source the script, then call the function it registered with
        // the words typed so far.
        let complete = """
            . "$1"
            function=$(complete -p reservation-feed | sed -E 's/.* -F ([^ ]+) .*/\\1/')
            COMP_WORDS=(reservation-feed ge); COMP_CWORD=1; COMP_LINE="reservation-feed ge"; COMP_POINT=${#COMP_LINE}
            "$function" reservation-feed ge reservation-feed; echo "subcommands: ${COMPREPLY[*]}"
            COMPREPLY=()
            COMP_WORDS=(reservation-feed generate --keep); COMP_CWORD=2; COMP_LINE="reservation-feed generate --keep"; COMP_POINT=${#COMP_LINE}
            "$function" reservation-feed --keep generate; echo "options: ${COMPREPLY[*]}"
            """
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", complete, "bash", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "subcommands: generate\noptions: --keep-past\n", "\(result.standardError)")
    }

    @Test("zsh and fish completion scripts name every subcommand")
    func otherShells() throws {
        for shell in ["zsh", "fish"] {
            let script = try ProcessRunner.run(Self.tool, ["--generate-completion-script", shell])
            #expect(script.status == 0)
            for subcommand in ["generate", "lint", "serve", "publish", "calendars", "account", "add", "list", "remove"] {
                #expect(script.standardOutput.contains(subcommand), "the \(shell) script lacks \(subcommand)")
            }
        }
    }

    @Test("every subcommand has what its manual page is made of: a one-line summary, a discussion, options with help")
    func manualPages() throws {
        let dump = try ProcessRunner.run(Self.tool, ["--experimental-dump-help"])
        #expect(dump.status == 0)
        let info = try #require(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        let root = try #require(info["command"] as? [String: Any])
        let subcommands = (root["subcommands"] as? [[String: Any]] ?? []).filter { $0["commandName"] as? String != "help" }
        #expect(Set(subcommands.compactMap { $0["commandName"] as? String }) == ["generate", "lint", "serve", "publish", "calendars", "account"])
        // A group's commands have pages of their own (reservation-feed-account-add.1).
        let nested = subcommands.flatMap { ($0["subcommands"] as? [[String: Any]] ?? []).filter { $0["commandName"] as? String != "help" } }
        #expect(Set(nested.compactMap { $0["commandName"] as? String }) == ["add", "list", "remove"])
        for command in [root] + subcommands + nested {
            let name = command["commandName"] as? String ?? "?"
            #expect(!(command["abstract"] as? String ?? "").isEmpty, "\(name) has no abstract: its page's NAME line would be empty")
            #expect(!(command["discussion"] as? String ?? "").isEmpty, "\(name) has no discussion: its page's DESCRIPTION would be the options alone")
            for argument in command["arguments"] as? [[String: Any]] ?? [] where (argument["shouldDisplay"] as? Bool) != false {
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                #expect(!(argument["abstract"] as? String ?? "").isEmpty, "\(name) \(names) has no help text")
            }
        }
    }
}
