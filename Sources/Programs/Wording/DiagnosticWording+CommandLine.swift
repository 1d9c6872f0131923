import Diagnostics

extension DiagnosticWording {
    /// The command line's: a setting is the option that sets it, as a person types it
    /// (`--limit message-size`, `--allow-shrink`). `reservation-feed` says everything in it.
    static let commandLine = DiagnosticWording { setting in
        "--\(setting.option)" + (setting.value.map { " \($0)" } ?? "")
    }
}

/// A value as `reservation-feed` says it, in the command line's wording (``DiagnosticWording/commandLine``):
/// an error, a message or a diagnostic names its settings as options (`--limit file-size`).
func said(_ value: Any) -> String {
    DiagnosticWording.commandLine.text(of: value)
}
