import Dispatch

extension Parallel {
    /// One batch of work started on other threads, whose results are taken later, in order.
    ///
    /// What a caller does with one batch's results (taking them into a feed, writing them
    /// somewhere) usually runs on its own thread while the other cores wait. Starting the next
    /// batch before taking the results of the one before keeps every core busy:
    ///
    /// ```swift
    /// var pending: Parallel.Batch<Step>?
    /// for batch in Parallel.batches(of: items.count, size: 4096) {
    ///     let next = Parallel.Batch(Array(batch)) { step(items[$0]) }   // starts at once
    ///     pending?.forEach { index, step in take(step) }                // meanwhile
    ///     pending = next
    /// }
    /// pending?.forEach { index, step in take(step) }
    /// ```
    ///
    /// The results are the same, in the same order, whatever the number of threads. With
    /// `concurrency` 1 the work is done on the calling thread when the batch is made.
    public final class Batch<Result: Sendable>: @unchecked Sendable {  // slots are written once each, read after `done`
        private let slots: Slots<Result, Never>
        private let count: Int
        private let done = DispatchGroup()

        /// Starts `transform` on every element, on up to `concurrency` threads other than the
        /// caller's.
        public convenience init<Element: Sendable>(
            _ elements: [Element], concurrency: Int = defaultConcurrency, _ transform: @escaping @Sendable (Element) -> Result
        ) {
            self.init(elements, in: elements.indices, concurrency: concurrency) { element, _ in transform(element) }
        }

        /// Starts `transform` on the elements of `elements` in `range`, each with its index, on up
        /// to `concurrency` threads other than the caller's; the results are in the order of
        /// `range`, from 0.
        ///
        /// Batches over parts of one large array share it: no array of its elements, or of their
        /// indices, is made for each batch.
        public init<Element: Sendable>(
            _ elements: [Element], in range: Range<Int>, concurrency: Int = defaultConcurrency,
            _ transform: @escaping @Sendable (Element, Int) -> Result
        ) {
            precondition(range.lowerBound >= 0 && range.upperBound <= elements.count, "a batch's range lies within its elements")
            count = range.count
            let slots = Slots<Result, Never>(count: range.count)
            self.slots = slots
            let runs = min(range.count / minimumRun, max(1, concurrency) * runsPerThread)
            guard concurrency > 1, runs > 1 else {
                elements.withUnsafeBufferPointer { elements in
                    for index in range { slots.store(transform(elements[index], index), at: index - range.lowerBound) }
                }
                return
            }
            let perRun = (range.count + runs - 1) / runs
            done.enter()
            DispatchQueue.global().async { [done] in
                // Read through the array's buffer, as in `map`: the array lives as long as this closure.
                elements.withUnsafeBufferPointer { elements in
                    let elements = Lent(elements)
                    DispatchQueue.concurrentPerform(iterations: (range.count + perRun - 1) / perRun) { run in
                        for offset in (run * perRun)..<min(run * perRun + perRun, range.count) {
                            let index = range.lowerBound + offset
                            slots.store(transform(elements.buffer[index], index), at: offset)
                        }
                    }
                }
                done.leave()
            }
        }

        /// Work still under way finishes, and the results not taken are let go, before the batch is.
        deinit {
            done.wait()
            slots.clear()
        }

        /// Waits for the batch, then hands each result to `body` on the calling thread, in the
        /// order of the elements, with its position: moved, never copied. Call it once.
        ///
        /// - Throws: What `body` throws; the results not yet handed over are then let go.
        public func forEach<Failure: Error>(_ body: (Int, consuming Result) throws(Failure) -> Void) throws(Failure) {
            done.wait()
            for index in 0..<count where slots.filled[index] { try body(index, slots.take(at: index)) }
        }
    }
}
