import Foundation
import Basics

/// Runs async work from a synchronous command and waits for it: the commands stay synchronous
/// (`mainWithUsageStatus()`), and only the programs that talk to the network run async code.
public enum AsyncWork {
    /// Runs `work` on the concurrency pool and blocks the calling thread until it returns.
    public static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<T?>(nil)
        Task {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
