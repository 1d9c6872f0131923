/// Something said about an input or a reservation: an error that kept something out, or a
/// warning about something that went in but may not be what the user meant.
///
/// The text names where first (the origin, or for a value built in code the field), then what
/// is wrong, then the line:
///
/// ```
/// trip.json: reservations[3].departure.time: expected an ISO 8601 date-time, found "25/12" (line 14, column 22)
/// trip.json: reservations[0]: warning: no time zone or UTC offset; the time floats with the viewer
/// departure.time: warning: no time zone or UTC offset, and nothing tells where; ...
/// ```
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, CaseIterable {
        /// Something was left out; a run that reports one exits with status 1.
        case error
        /// Something went in, but deserves a look.
        case warning
    }

    /// Error or warning.
    public var severity: Severity
    /// What kind of problem, stable for tools: see ``DiagnosticCode``.
    public var code: DiagnosticCode
    /// What, as a sentence fragment without the place, kept as its parts until it is said.
    public var text: DiagnosticMessage
    /// What, said in the library's wording (``DiagnosticWording/library``).
    public var message: String { text.description }
    /// The reservation field concerned, as native JSON names it, whatever the input's format;
    /// `nil` for an input or a reservation as a whole.
    public var field: FieldPath?
    /// Where, as precisely as the reader knows: for a field, the field's own place and line when
    /// known, else the reservation's. `nil` for a value built in code.
    public var origin: Origin?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ code: DiagnosticCode, field: FieldPath? = nil, at origin: Origin? = nil, _ message: DiagnosticMessage) {
        self.severity = severity
        self.code = code
        self.text = message
        self.field = field
        self.origin = origin
    }

    /// The same diagnostic, found at `origin`.
    public func found(at origin: Origin?) -> Diagnostic {
        var diagnostic = self
        diagnostic.origin = origin
        return diagnostic
    }

    /// The diagnostic in the library's wording.
    public var description: String { description(.library) }

    /// The diagnostic in words, naming settings as `wording` does.
    public func description(_ wording: DiagnosticWording) -> String {
        var text = ""
        if let origin {
            text = "\(origin): "
        } else if let field {
            text = "\(field): "
        }
        if severity == .warning { text += "warning: " }
        text += self.text.text(wording)
        if let position = origin?.position { text += " (\(position))" }
        return Self.oneLine(text)
    }

    /// `text` as one line of plain text: what an input's author wrote into a name, a number or a
    /// link is never a terminal's command nor a log line of its own. Control and format
    /// characters (escape, bell, new lines, C1 controls, bidirectional overrides) become `?`.
    public static func oneLine(_ text: String) -> String {
        func isPlain(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.value >= 0x20 && scalar.value < 0x7F { return true }
            if scalar.value < 0xA0 || scalar == "\u{2028}" || scalar == "\u{2029}" { return false }
            let category = scalar.properties.generalCategory
            return category != .control && category != .format
        }
        guard !text.unicodeScalars.allSatisfy(isPlain) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isPlain($0) ? $0 : "?" }))
    }
}
