import ArgumentParser
import Foundation

/// Messages for people go to standard error, so standard output can carry a feed (`--output -`).
public enum StandardError {
    public static func print(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

extension ExitCode {
    /// Some inputs had errors; they were reported and the rest was written.
    public static let inputErrors = ExitCode(1)
    /// A usage or fatal error; nothing was written.
    public static let usage = ExitCode(2)
}
