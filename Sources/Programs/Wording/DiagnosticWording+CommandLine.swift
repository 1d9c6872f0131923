import Diagnostics

extension DiagnosticWording {
    /// The command line's: a setting is the option that sets it, as a person types it
    /// (`--limit message-size`, `--allow-shrink`). `reservation-feed` says everything in it.
    public static let commandLine = DiagnosticWording { setting in
        "--\(setting.option)" + (setting.value.map { " \($0)" } ?? "")
    }
}
