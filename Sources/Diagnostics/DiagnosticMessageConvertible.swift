/// A value, most often an error, that says itself as a ``DiagnosticMessage``, so that the
/// settings it names are put into the words of whoever says it (``DiagnosticWording``), also
/// when it is part of another message.
public protocol DiagnosticMessageConvertible: CustomStringConvertible {
    /// What it says, kept as its parts until it is said.
    var message: DiagnosticMessage { get }
}
