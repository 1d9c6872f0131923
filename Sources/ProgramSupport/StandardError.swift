import ArgumentParser
import Basics

/// Messages for people go to standard error, so standard output can carry a feed (`--output -`).
public enum StandardError {
    /// Writes `text` and a new line to standard error at once.
    public static func print(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text` as it is (a progress line that `\r` rewrites), at once.
    public static func write(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }
}

/// Writes all of `text` to the file descriptor, unbuffered, in as few writes as it takes: lines
/// written this way by several threads are not mixed, nor held back in a buffer when the program
/// reading them waits for them.
func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

extension ExitCode {
    /// Some inputs had errors; they were reported and the rest was written.
    public static let inputErrors = ExitCode(1)
    /// A usage or fatal error; nothing was written.
    public static let usage = ExitCode(2)
}
