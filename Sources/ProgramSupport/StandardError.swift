import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Messages for people go to standard error, so standard output can carry a feed (`--output -`).
public enum StandardError {
    /// Writes `text` and a new line to standard error at once, in one write where it fits.
    public static func print(_ text: String) {
        var line = Array((text + "\n").utf8)
        line.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

extension ExitCode {
    /// Some inputs had errors; they were reported and the rest was written.
    public static let inputErrors = ExitCode(1)
    /// A usage or fatal error; nothing was written.
    public static let usage = ExitCode(2)
}
