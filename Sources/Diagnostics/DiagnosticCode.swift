/// What kind of problem a ``Diagnostic`` reports: a short, stable string that tools match on
/// (`reservation-feed lint --format json` prints it as `code`), with a named constant for each.
///
/// Each module declares the codes it raises, beside where it raises them, as constants of this
/// one type (`DiagnosticCode.syntax` in the import module, `.floatingTime` in synthesis,
/// `.calDAV` in publishing), so a code pattern-matches wherever it came from and an unknown one
/// still round-trips. `docs/diagnostic-codes.md` lists them all for tools, and a test checks
/// that the list and the declarations agree.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The code as tools see it: `syntax`, `duplicate-reservation`.
    public let rawValue: String

    /// A code; prefer the named constants.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
