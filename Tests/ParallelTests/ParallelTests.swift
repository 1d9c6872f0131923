import Synchronization
import Testing

import Basics
@testable import Parallel

@Suite("Parallel work")
struct ParallelTests {
    @Test("results come back in order, whatever the number of threads", arguments: [0, 1, 15, 16, 17, 100, 10_007])
    func order(count: Int) {
        let elements = Array(0..<count)
        for concurrency in [1, 2, 3, 8] {
            #expect(Parallel.map(elements, concurrency: concurrency) { $0 * 3 } == elements.map { $0 * 3 })
        }
    }

    @Test("work runs on several threads at once when asked to", .enabled(if: Parallel.defaultConcurrency > 1))
    func overlapping() {
        let active = Atomic(0)
        let most = Atomic(0)
        _ = Parallel.map(Array(0..<64), concurrency: 2) { element in
            let now = active.add(1, ordering: .sequentiallyConsistent).newValue
            _ = most.max(now, ordering: .sequentiallyConsistent)
            // Wait, up to a second, for another thread to be inside a transform too.
            let deadline = ContinuousClock.now.advanced(by: .seconds(1))
            while most.load(ordering: .sequentiallyConsistent) < 2, ContinuousClock.now < deadline {}
            active.subtract(1, ordering: .sequentiallyConsistent)
            return element
        }
        #expect(most.load(ordering: .sequentiallyConsistent) >= 2)
    }

    struct Failure: Error, Equatable {
        let index: Int
    }

    @Test("the first failure in element order is thrown, and every element still ran")
    func failures() {
        let ran = Locked(0)
        #expect(throws: Failure(index: 40)) {
            _ = try Parallel.map(Array(0..<1_000), concurrency: 4) { (element: Int) throws(Failure) -> Int in
                ran.withLock { $0 += 1 }
                if element == 40 || element == 700 { throw Failure(index: element) }
                return element
            }
        }
        #expect(ran.withLock { $0 } == 1_000)
    }

    @Test("batches cover every position once, in order, the last one shorter", arguments: [(0, 4), (1, 4), (8, 4), (10, 4), (10, 100)])
    func batches(_ count: Int, _ size: Int) {
        let batches = Array(Parallel.batches(of: count, size: size))
        #expect(batches.flatMap { Array($0) } == Array(0..<count))
        #expect(batches.dropLast().allSatisfy { $0.count == size })
        #expect(batches.last.map { $0.count > 0 && $0.count <= size } ?? (count == 0))
    }

    /// A result that counts how many of its kind are alive, to see that none is copied or leaked.
    final class Tracked: Sendable {
        static let alive = Atomic(0)
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.alive.add(1, ordering: .sequentiallyConsistent)
        }
        deinit { Self.alive.subtract(1, ordering: .sequentiallyConsistent) }
    }

    @Test("batches hand every result over once, in order, whatever the number of threads", arguments: [0, 1, 17, 100, 5_003])
    func handedOver(count: Int) {
        let elements = Array(0..<count)
        for concurrency in [1, 2, 3, 8] {
            var seen: [Int] = []
            Parallel.Batch(elements, concurrency: concurrency) { $0 * 3 }.forEach { index, value in
                #expect(value == index * 3)
                seen.append(index)
            }
            #expect(seen == elements, "\(seen.count) seen of \(count)")
            // Batches started ahead of the one being taken, as the feed's builder does.
            var taken: [Int] = []
            var pending: Parallel.Batch<Int>?
            for batch in Parallel.batches(of: count, size: 1_000) {
                let next = Parallel.Batch(Array(batch), concurrency: concurrency) { $0 * 5 }
                pending?.forEach { _, value in taken.append(value / 5) }
                pending = next
            }
            pending?.forEach { _, value in taken.append(value / 5) }
            #expect(taken == elements, "\(taken.count) taken of \(count), first wrong at \(String(describing: Array(zip(taken, elements)).firstIndex { $0 != $1 }))")
            // Batches over parts of one array, each element given with its index in the array.
            let words = elements.map { "element \($0) of a shared array, long enough to be counted" }
            var lent: [Int] = []
            for batch in Parallel.batches(of: count, size: 1_000) {
                Parallel.Batch(words, in: batch, concurrency: concurrency) { word, index in (word, index) }.forEach { offset, result in
                    #expect(result.1 == batch.lowerBound + offset)
                    #expect(result.0 == words[result.1])
                    lent.append(result.1)
                }
            }
            #expect(lent == elements)
        }
    }

    struct Stop: Error {}

    @Test("results not taken, because the taker stopped or never asked, are let go; none is kept")
    func letGo() {
        for concurrency in [1, 2] {
            do {
                let batch = Parallel.Batch(Array(0..<1_000), concurrency: concurrency) { Tracked($0) }
                #expect(throws: Stop.self) {
                    try batch.forEach { (index, _) throws(Stop) in if index == 500 { throw Stop() } }
                }
                _ = Parallel.Batch(Array(0..<1_000), concurrency: concurrency) { Tracked($0) }  // never taken
            }
            #expect(Tracked.alive.load(ordering: .sequentiallyConsistent) == 0, "after batches, with \(concurrency) threads")
        }
    }
}
