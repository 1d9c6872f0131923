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
}
