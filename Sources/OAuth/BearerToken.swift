import Basics

/// An access or refresh token: a secret that must never reach an output, a log, an error or a
/// core file by accident. It describes itself as `[token]`, so that interpolating it anywhere
/// (`"\(token)"`, a `dump`, a test's failure message) says nothing; the value is read only where
/// it is sent, through ``value``.
public struct BearerToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token itself: for the `Authorization` header and the token endpoint only.
    public let value: String

    /// A token received from an authorization server (or read from where it is kept): from then
    /// on the process writes no core file (``CoreDumps``).
    public init(_ value: String) {
        CoreDumps.forbid()
        self.value = value
    }

    public var description: String { "[token]" }
    public var debugDescription: String { "[token]" }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
