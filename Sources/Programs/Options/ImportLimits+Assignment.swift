import ReservationImport

// `--limit NAME=VALUE`, as the command line reads it: the library knows its limits by name
// (`ImportLimits.names`), the program reads what a person typed.

extension ImportLimits {
    /// Sets a limit from `name=value` (`file-size=512M`, `json-depth=64`): sizes take a `K`, `M`
    /// or `G` suffix (powers of 1024).
    mutating func set(_ assignment: String) throws(ImportLimitError) {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let entry = Self.names.first(where: { $0.name == parts[0] }) else {
            throw ImportLimitError(assignment: assignment, reason: "expected NAME=VALUE with NAME one of \(Self.names.map(\.name).joined(separator: ", "))")
        }
        guard let value = Self.number(parts[1], isSize: entry.isSize), value > 0 else {
            throw ImportLimitError(
                assignment: assignment, reason: entry.isSize ? "expected a positive number of bytes, with an optional K, M or G" : "expected a positive whole number")
        }
        self[keyPath: entry.keyPath] = value
    }

    /// `512M` as 536,870,912; `64` as 64.
    private static func number(_ text: String, isSize: Bool) -> Int? {
        var digits = Substring(text)
        var scale = 1
        if isSize, let last = digits.last?.uppercased(), let shift = ["K": 10, "M": 20, "G": 30][last] {
            digits = digits.dropLast()
            scale = 1 << shift
        }
        guard let value = Int(digits) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: scale)
        return overflow ? nil : product
    }
}
