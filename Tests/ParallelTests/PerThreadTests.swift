import Basics
import Dispatch
import Foundation
import Testing

@Suite("A value per thread")
struct PerThreadTests {
    /// Counts what is made and let go, from any thread.
    final class Tally: Sendable {
        let made = Locked(0)
        let released = Locked(0)
    }

    /// A value that says when it goes.
    final class Tracked {
        let tally: Tally
        var entries: [String: Int] = [:]
        init(_ tally: Tally) {
            self.tally = tally
            tally.made.withLock { $0 += 1 }
        }
        deinit { tally.released.withLock { $0 += 1 } }
    }

    /// Runs `body` on a new thread and waits for the thread to end.
    private func onNewThread(_ body: @escaping @Sendable () -> Void) {
        let ended = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            ended.signal()
        }
        thread.start()
        ended.wait()
    }

    @Test("each thread fills its own value, made the first time it asks, kept between its look-ups")
    func ownValues() {
        let tally = Tally()
        let cache = PerThread { Tracked(tally) }
        cache.withValue { $0.entries["here"] = 1 }
        onNewThread {
            #expect(cache.withValue { $0.entries } == [:])
            cache.withValue { $0.entries["there"] = 2 }
            #expect(cache.withValue { $0.entries } == ["there": 2])
        }
        #expect(cache.withValue { $0.entries } == ["here": 1])
        #expect(tally.made.withLock { $0 } == 2)
    }

    @Test("a thread's value goes when the thread ends")
    func releasedWithThread() {
        let tally = Tally()
        let cache = PerThread { Tracked(tally) }
        for _ in 0..<3 {
            onNewThread { cache.withValue { $0.entries["x", default: 0] += 1 } }
        }
        #expect(tally.made.withLock { $0 } == 3)
        // The system lets the values go as the threads exit, after they are seen to finish.
        let deadline = Date().addingTimeInterval(5)
        while tally.released.withLock({ $0 }) < 3, Date() < deadline { usleep(1_000) }
        #expect(tally.released.withLock { $0 } == 3)
    }

    @Test("threads working at once never see each other's entries")
    func concurrent() {
        let cache = PerThread<[ObjectIdentifier]> { [] }
        let clean = Locked<[Bool]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let me = ObjectIdentifier(Thread.current)
            for _ in 0..<1_000 { cache.withValue { $0.append(me) } }
            let own = cache.withValue { entries in entries.allSatisfy { $0 == me } }
            clean.withLock { $0.append(own) }
        }
        #expect(clean.withLock { $0 } == Array(repeating: true, count: 8))
    }
}
