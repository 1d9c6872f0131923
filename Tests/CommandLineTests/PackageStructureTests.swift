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
