import Foundation

/// Checks JSON files against the native format's JSON Schema, with python `jsonschema`
/// (draft 2020-12) from the test tools' environment (`Tests/Tools/python`).
public enum JSONSchemaChecker {
    /// The schema in `docs/`.
    public static let schema = Repository.url("docs/reservation-feed.schema.json")

    /// Checks files; `passed` is true when all conform, and `report` lists each violation.
    public static func check(_ paths: [String]) throws -> (passed: Bool, report: String) {
        let output = try ProcessRunner.run(
            Repository.url("Tests/Tools/python"), [Repository.url("Tests/Tools/check_schema.py").path, schema.path] + paths)
        return (output.status == 0, output.standardOutput + output.standardError)
    }
}
