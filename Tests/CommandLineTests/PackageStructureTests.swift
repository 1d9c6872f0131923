import Foundation
import TestSupport
import Testing

/// The package's own shape, checked like its outputs.
@Suite("Package structure")
struct PackageStructureTests {
    @Test("every target declares the modules its files import")
    func declaredImports() throws {
        let output = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Repository.url("Tests/Tools/check_imports.py").path])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
    }

    @Test("only the mail program loads libetpan and what it needs (GnuTLS, SASL); reservation-feed never does")
    func linkedLibraries() throws {
        func libraries(_ program: String) throws -> String {
            try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/ldd"), [Repository.productsFolder.appendingPathComponent(program).path]).standardOutput
        }
        let tool = try libraries("reservation-feed")
        #expect(!tool.contains("libetpan") && !tool.contains("libgnutls") && !tool.contains("libsasl"), "\(tool)")
        #expect((try libraries("reservation-feed-mail")).contains("libetpan"))
    }

    @Test("error types are named by one rule (docs/contributing.md), and @unchecked Sendable (or nonisolated(unsafe)) is in at most eight places, each with its reason")
    func errorNamesAndUncheckedSendable() throws {
        // A type's declaration or an extension, with what it conforms to (up to its brace, or the
        // line's end when the brace comes later).
        let declaration = /(?:struct|enum|class|actor|extension) ([\w.]+)(?:<[^>{]*>)?: ([^{]*)(?:\{|$)/
        var errorTypes: [String] = []
        var unchecked: [String] = []
        let sources = Repository.url("Sources")
        let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = walk?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let path = String(file.path.dropFirst(sources.path.count + 1))
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if let match = line.firstMatch(of: declaration),
                    match.2.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "Error" })
                {
                    errorTypes.append(String(match.1))
                    #expect(match.1.hasSuffix("Error") || match.1 == "Diagnostic", "\(path):\(number + 1): \(match.1) is an error whose name does not end in Error")
                }
                // `nonisolated(unsafe)` is the same promise, made of one property.
                if line.contains("@unchecked Sendable") || line.contains("nonisolated(unsafe)") {
                    unchecked.append("\(path):\(number + 1)")
                    let reasoned = line.contains("//") || (number > 0 && lines[number - 1].trimmingCharacters(in: .whitespaces).hasPrefix("//"))
                    #expect(reasoned, "\(path):\(number + 1): @unchecked Sendable without its reason beside it")
                }
            }
        }
        #expect(errorTypes.count > 20, "\(errorTypes)")
        #expect((1...8).contains(unchecked.count), "\(unchecked.count) places: \(unchecked)")
    }

    /// The lines of the module map: in Package.swift's header, or the README's block.
    private static func moduleMap(in text: String, after marker: String, prefix: String) -> [[String]] {
        guard let start = text.range(of: marker) else { return [] }
        var lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix(prefix + "reservation-feed ") }
        var layers: [[String]] = []
        while let line = lines.first, line.hasPrefix(prefix), line.count > prefix.count, !line.hasPrefix("```") {
            layers.append(line.dropFirst(prefix.count).components(separatedBy: " · ").map { $0.trimmingCharacters(in: .whitespaces) })
            lines = lines.dropFirst()
        }
        return layers
    }

    @Test("the module map, in Package.swift and the README, has every module above each module it imports")
    func moduleMap() throws {
        let manifest = try String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        let layers = Self.moduleMap(in: manifest, after: "The modules, each on a line above", prefix: "//   ")
        #expect(layers.count >= 8, "\(layers)")
        #expect(Self.moduleMap(in: readme, after: "The module map, each module on a line above", prefix: "") == layers, "the README's map is not Package.swift's")
        var layerOf: [String: Int] = [:]
        for (number, layer) in layers.enumerated() {
            for module in layer {
                #expect(layerOf.updateValue(layers.count - number, forKey: module) == nil, "\(module) is drawn twice")
            }
        }
        // The manifest's targets, as SwiftPM reads them (a scratch folder of its own: the build's
        // may be locked by the `swift test` that runs this).
        let scratch = try TemporaryFolder("dump-package")
        let dump = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--package-path", Repository.url("").path, "--scratch-path", scratch.path("build"), "dump-package"])
        #expect(dump.status == 0, "\(dump.standardError)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        var drawn: Set<String> = []
        for target in targets where target["type"] as? String != "test" && target["name"] as? String != "TestSupport" {
            let name = try #require(target["name"] as? String)
            guard let layer = layerOf[name] else {
                Issue.record("\(name) is not in the module map")
                continue
            }
            drawn.insert(name)
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                guard let named = (dependency["byName"] ?? dependency["target"]) as? [Any], let other = named.first as? String, let below = layerOf[other]
                else { continue }  // a product of another package
                #expect(below < layer, "\(name) imports \(other), which the map draws \(below == layer ? "beside" : "above") it")
            }
        }
        // The KDE helper is declared only where KDE's headers are.
        let absent = Set(layerOf.keys).subtracting(drawn).subtracting(["reservation-feed-kitinerary"])
        #expect(absent.isEmpty, "the map draws modules the manifest does not have: \(absent.sorted())")
    }

    /// The Swift files of a target, by their path under it.
    private func swiftFiles(of target: String) throws -> [String: String] {
        let folder = Repository.url("Sources/\(target)")
        var files: [String: String] = [:]
        let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = walk?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            files[String(file.path.dropFirst(folder.path.count + 1))] = try String(contentsOf: file, encoding: .utf8)
        }
        return files
    }

    @Test("the executable targets hold only their commands: one ArgumentParser type a file, with its options and run, nothing else")
    func executablesHoldCommands() throws {
        // Every declaration at the top level, whatever its attributes and modifiers.
        let topLevel = /^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|nonisolated|indirect)\s+)*(struct|enum|class|actor|extension|protocol|func|let|var|typealias|macro) (\w+)(?:: ([\w, ]+))?/
            .anchorsMatchLineEndings()
        // What belongs in Programs or ProgramSupport, never in a command: threads, tasks, queues,
        // processes, blocking loops.
        let plumbing = /\b(?:DetachedThread|Thread|Task|DispatchQueue|DispatchSource|ChildProcess|posix_spawn|pthread_\w+|while|repeat)\b/
        // What a command's body may hold: its configuration, its options, validate, run, and main;
        // a group of options (the mail program's, which its two commands share) also what they mean.
        let commandMember = /^    (?:static let configuration|(?:mutating )?func (?:run|validate)\(\)|static func main\(\))/
        let optionsMember = /^    (?:func \w+|var \w+: [\w.]+ \{)/
        for target in ["reservation-feed", "reservation-feed-mail"] {
            let files = try swiftFiles(of: target)
            #expect(files.count >= 3, "\(target): \(files.keys)")
            for (path, text) in files {
                let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                #expect(code.firstMatch(of: plumbing) == nil, "\(target)/\(path): \(code.firstMatch(of: plumbing).map { String($0.0) } ?? "") is plumbing, which belongs in Programs or ProgramSupport")
                let declarations = text.matches(of: topLevel)
                #expect(declarations.count == 1, "\(target)/\(path) declares \(declarations.map { "\($0.1) \($0.2)" }); an executable target holds one command a file")
                guard let declaration = declarations.first else { continue }
                let conformances = declaration.3.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
                #expect(
                    declaration.1 == "struct" && conformances.contains { ["ParsableCommand", "AsyncParsableCommand", "ParsableArguments"].contains($0) },
                    "\(target)/\(path): \(declaration.1) \(declaration.2) is no ArgumentParser command; options, loops and plumbing belong in Programs")
                // Nothing nested: no type, no helper beyond what a command is. A stored property
                // is an option when a property wrapper of ArgumentParser comes before it.
                var wrapped = false
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("    ") && !line.hasPrefix("     ") {
                    if ["    ///", "    //", "    }", "    )", "    #", "    import "].contains(where: { line.hasPrefix($0) }) { continue }
                    if line.hasPrefix("    @Option") || line.hasPrefix("    @Flag") || line.hasPrefix("    @Argument") {
                        wrapped = !line.contains(" var ")
                        continue
                    }
                    if wrapped, line.hasPrefix("    var ") || line.hasPrefix("    public var ") {
                        wrapped = false
                        continue
                    }
                    let allowed = conformances.contains("ParsableArguments") ? line.prefixMatch(of: optionsMember) != nil : line.prefixMatch(of: commandMember) != nil
                    #expect(allowed, "\(target)/\(path): \(line.trimmingCharacters(in: .whitespaces)) is more than a command holds")
                }
            }
        }
        // reservation-feed's commands are the same shape: one group of options from Programs, named
        // for the command, and a run that hands them to Programs' run of the command.
        // A group of commands (`account`) holds its configuration alone, which names them.
        let subcommands = try swiftFiles(of: "reservation-feed").filter { $0.key.hasPrefix("Subcommands/") }
        let groups = ["Account"]
        #expect(
            Set(subcommands.keys)
                == Set((["Generate", "Lint", "Serve", "Publish", "Calendars", "AccountAdd", "AccountList", "AccountRemove"] + groups).map { "Subcommands/\($0).swift" }))
        for group in groups {
            let text = try #require(subcommands["Subcommands/\(group).swift"])
            #expect(text.contains("subcommands: ["), "\(group) is a group of commands")
            #expect(!text.contains("@OptionGroup") && !text.contains("func run"), "\(group): a group holds its configuration alone")
        }
        for (path, text) in subcommands where !groups.contains(where: { path == "Subcommands/\($0).swift" }) {
            let command = String(path.dropFirst("Subcommands/".count).dropLast(".swift".count))
            let lines = text.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(lines.contains("    @OptionGroup var options: \(command)Options"), "\(path)")
            #expect(lines.filter { $0.contains("@Option") || $0.contains("@Flag") || $0.contains("@Argument") }.count == 1, "\(path): options of its own, beside \(command)Options")
            // run's body is the one line that hands the options on.
            let run = try #require(lines.firstIndex { $0.hasPrefix("    func run()") }, "\(path)")
            let call = "        try \(lines[run].contains("async") ? "await " : "")\(command)Run(options).run()"
            #expect(Array(lines[(run + 1)...].prefix(2)) == [call, "    }"], "\(path): run does more than hand the options to \(command)Run")
        }
    }

    /// A code a module declares: `public static let floatingTime = DiagnosticCode(rawValue: "floating-time")`.
    private struct DeclaredCode: Hashable {
        var module: String
        var name: String
        var code: String
    }

    /// Every code declared in `Sources/`, with the module that declares it.
    private func declaredCodes() throws -> [DeclaredCode] {
        let sources = Repository.url("Sources")
        let declaration = /static let (\w+) = DiagnosticCode\(rawValue: "([a-z0-9-]+)"\)/
        var found: [DeclaredCode] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let module = file.path.dropFirst(sources.path.count + 1).split(separator: "/").first.map(String.init) ?? ""
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: declaration) {
                found.append(DeclaredCode(module: module, name: String(match.1), code: String(match.2)))
            }
        }
        return found
    }

    @Test("every diagnostic code is declared once, by the module that raises it, and listed for tools in docs/diagnostic-codes.md")
    func diagnosticCodes() throws {
        let declared = try declaredCodes()
        #expect(declared.count > 30, "the declarations were not found: \(declared)")
        let codes = declared.map(\.code)
        #expect(Set(codes).count == codes.count, "declared twice: \(codes.filter { code in codes.count(where: { $0 == code }) > 1 })")
        let names = declared.map(\.name)
        #expect(Set(names).count == names.count, "a constant declared twice: \(names.filter { name in names.count(where: { $0 == name }) > 1 })")
        // The table: | `code` | severity | `Module` | meaning |
        let document = try String(contentsOf: Repository.url("docs/diagnostic-codes.md"), encoding: .utf8)
        let row = /^\| `([a-z0-9-]+)` \| [^|]+ \| `(\w+)` \|/.anchorsMatchLineEndings()
        let listed = Set(document.matches(of: row).map { "\($0.1) in \($0.2)" })
        let declaredHere = Set(declared.map { "\($0.code) in \($0.module)" })
        #expect(listed.subtracting(declaredHere).isEmpty, "listed but not declared so: \(listed.subtracting(declaredHere).sorted())")
        #expect(declaredHere.subtracting(listed).isEmpty, "declared but not listed: \(declaredHere.subtracting(listed).sorted())")
        // The diagnostics module defines the type only; no module keeps another's list.
        #expect(!declared.contains { $0.module == "Diagnostics" })
    }
}
