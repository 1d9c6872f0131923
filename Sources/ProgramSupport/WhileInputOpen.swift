import Basics

/// Blocking loops kept running for as long as the program that started this one wants them: each
/// on a thread of its own (``DetachedThread``), until this program's standard input ends (that
/// program closed it, or ended).
public enum WhileInputOpen {
    /// Starts each of `loops` on its own thread, then waits until standard input ends, giving
    /// each whole line it reads to `line`; returns then, with the loops still running (the
    /// program is about to end).
    public static func run(_ loops: [@Sendable () -> Void], line: (String) -> Void = { _ in }) {
        for loop in loops { DetachedThread.start(loop) }
        readLines(from: STDIN_FILENO, line)
    }

    /// Reads standard input on a thread of its own, giving each whole line to `line`, and calls
    /// `ended` when it ends.
    public static func readInBackground(line: @escaping @Sendable (String) -> Void, ended: @escaping @Sendable () -> Void) {
        DetachedThread.start {
            readLines(from: STDIN_FILENO, line)
            ended()
        }
    }

    /// Reads `descriptor` to its end, giving each whole line (without its end) to `line`.
    public static func readLines(from descriptor: Int32, _ line: (String) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            pending += buffer[..<count]
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                line(String(decoding: pending[..<end], as: UTF8.self))
                pending.removeSubrange(...end)
            }
            // A line longer than any answer is dropped, not kept growing.
            if pending.count > 1 << 20 { pending.removeAll() }
        }
    }
}
