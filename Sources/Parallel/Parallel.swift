import Dispatch
import Foundation

/// Spreads independent pieces of work over the processor's cores, and gives the results back in
/// order, so that what comes out does not depend on how many threads did the work.
///
/// ```swift
/// let texts = try Parallel.map(events, concurrency: 2) { try writer.eventText($0, stamp: now) }
/// ```
public enum Parallel {
    /// How many threads to use by default: the processors this process may run on.
    public static var defaultConcurrency: Int {
        ProcessInfo.processInfo.activeProcessorCount
    }

    /// `transform` applied to every element, on up to `concurrency` threads at once.
    ///
    /// Elements are handed out in contiguous runs, a few per thread, so that a slow run does not
    /// hold the others up. With `concurrency` 1, or few elements, everything runs on the calling
    /// thread.
    ///
    /// - Returns: The results, in the order of `elements`.
    /// - Throws: The error of the first element, in the order of `elements`, whose transform
    ///   threw; the others still ran.
    @inlinable
    public static func map<Element: Sendable, Result: Sendable, Failure: Error>(
        _ elements: [Element], concurrency: Int = defaultConcurrency,
        _ transform: @Sendable (Element) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        let runs = min(elements.count / minimumRun, max(1, concurrency) * 4)
        guard concurrency > 1, runs > 1 else {
            var results: [Result] = []
            results.reserveCapacity(elements.count)
            for element in elements { results.append(try transform(element)) }
            return results
        }
        let slots = Slots<Swift.Result<Result, Failure>>(count: elements.count)
        let perRun = (elements.count + runs - 1) / runs
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            let start = run * perRun
            let end = min(start + perRun, elements.count)
            for index in start..<end {
                slots.store(Swift.Result { () throws(Failure) -> Result in try transform(elements[index]) }, at: index)
            }
        }
        return try slots.collect().map { result throws(Failure) -> Result in try result.get() }
    }

    /// Below this many elements per run, threads cost more than they save.
    @usableFromInline static let minimumRun = 16

    /// One slot per result, each written by exactly one thread, read after all have finished.
    @usableFromInline
    final class Slots<Value>: @unchecked Sendable {
        @usableFromInline let buffer: UnsafeMutableBufferPointer<Value?>

        @usableFromInline
        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }

        @inlinable
        func store(_ value: Value, at index: Int) {
            buffer[index] = value
        }

        /// Moves the results out, in order; the slots are empty afterwards.
        @inlinable
        func collect() -> [Value] {
            (0..<buffer.count).map { index in
                var slot: Value? = nil
                swap(&slot, &buffer[index])
                return slot!
            }
        }
    }
}
