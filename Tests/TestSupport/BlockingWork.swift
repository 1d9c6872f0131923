import Foundation

/// Blocking work (a listener that polls its socket) run on a thread of its own, awaited: on the
/// concurrency pool, as `Task.detached` would run it, it would hold one of the pool's few threads
/// (two on a two-core machine) while the tests around it need them, and the requests it waits
/// for could time out before it ran at all.
public func onThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try body() })
        }
    }
}
