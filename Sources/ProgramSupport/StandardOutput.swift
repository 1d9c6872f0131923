import Basics

/// What a program prints for another program to read: written at once, one whole line a write.
public enum StandardOutput {
    /// Writes `text` to standard output at once.
    public static func write(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }
}
