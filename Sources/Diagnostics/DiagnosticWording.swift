import Basics

/// How messages name ``Setting``s: the library names them plainly (`limit message-size`), a
/// program the way its people set them (`--limit message-size`).
///
/// The wording is chosen once, by the program, before it says anything (``current``): messages
/// keep the settings they name as values (``DiagnosticMessage``), and are put into words only
/// when they are said, in the wording of the program saying them.
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

    /// The wording of this program: ``library`` unless the program chose its own at its start.
    public static var current: DiagnosticWording {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }

    private static let chosen = Locked(DiagnosticWording.library)
}
