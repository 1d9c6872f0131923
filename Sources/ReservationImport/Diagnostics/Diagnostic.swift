/// A message about the input: an error that kept something out of the feed, or a warning about
/// something that went in but may not be what the user meant.
///
/// The text names the file and the place in it first, then what is wrong, then the line:
///
/// ```
/// trip.json: reservations[3].departure.time: expected an ISO 8601 date-time, found "25/12" (line 14, column 22)
/// trip.json: reservations[0]: warning: no time zone or UTC offset; the time floats with the viewer
/// ```
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// Something was left out of the feed; the run exits with status 1.
        case error
        /// Something went in, but deserves a look.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// What kind of problem, stable for tools: see ``DiagnosticCode``.
    public var code: DiagnosticCode
    /// Where.
    public var location: SourceLocation
    /// What, as a sentence fragment without the location.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ code: DiagnosticCode, at location: SourceLocation, _ message: String) {
        self.severity = severity
        self.code = code
        self.location = location
        self.message = message
    }

    public var description: String {
        var text = "\(location): "
        if severity == .warning { text += "warning: " }
        text += message
        if let position = location.position { text += " (\(position))" }
        return text
    }
}
