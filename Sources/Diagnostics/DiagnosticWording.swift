/// How messages name ``Setting``s: the library names them plainly (`limit message-size`), a
/// program the way its people set them (`--limit message-size`).
///
/// Messages keep the settings they name as values (``DiagnosticMessage``), and are put into
/// words only when they are said: `description` says them in the library's wording, and a
/// program says them in its own by passing it (``DiagnosticMessage/text(_:)``,
/// ``Diagnostic/description(_:)``, ``text(of:)``). Nothing in the library keeps a wording of its
/// own: the one a program uses is the one it passes.
public struct DiagnosticWording: Sendable {
    /// How a setting is named.
    public var setting: @Sendable (Setting) -> String

    /// A wording that names settings with `setting`.
    public init(setting: @escaping @Sendable (Setting) -> String) {
        self.setting = setting
    }

    /// The library's: the option and its value, as words (`limit message-size`, `allow-shrink`).
    public static let library = DiagnosticWording { setting in
        setting.value.map { "\(setting.option) \($0)" } ?? setting.option
    }

    /// Anything put into words in this wording: a message, a diagnostic, a value that says
    /// itself as a message (an error: ``DiagnosticMessageConvertible``), or else as it describes
    /// itself.
    public func text(of value: Any) -> String {
        switch value {
        case let message as DiagnosticMessage: message.text(self)
        case let diagnostic as Diagnostic: diagnostic.description(self)
        case let convertible as any DiagnosticMessageConvertible: convertible.message.text(self)
        default: String(describing: value)
        }
    }
}
