import Basics

/// Blocking loops kept running for as long as the program that started this one wants them: each
/// on a thread of its own (``DetachedThread``), until this program's standard input ends (that
/// program closed it, or ended).
public enum WhileInputOpen {
    /// Starts each of `loops` on its own thread, then waits until standard input ends; returns
    /// then, with the loops still running (the program is about to end).
    public static func run(_ loops: [@Sendable () -> Void]) {
        for loop in loops { DetachedThread.start(loop) }
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
        }
    }
}
