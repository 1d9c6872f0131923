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
        let runs = min(elements.count / minimumRun, max(1, concurrency) * runsPerThread)
        guard concurrency > 1, runs > 1 else {
            var results: [Result] = []
            results.reserveCapacity(elements.count)
            for element in elements { results.append(try transform(element)) }
            return results
        }
        let slots = Slots<Result, Failure>(count: elements.count)
        let perRun = (elements.count + runs - 1) / runs
        // The threads read the elements through the array's buffer, taking no reference to the
        // array for each element.
        elements.withUnsafeBufferPointer { elements in
            let elements = Lent(elements)
            DispatchQueue.concurrentPerform(iterations: (elements.buffer.count + perRun - 1) / perRun) { run in
                let start = run * perRun
                let end = min(start + perRun, elements.buffer.count)
                for index in start..<end {
                    do throws(Failure) {
                        slots.store(try transform(elements.buffer[index]), at: index)
                    } catch {
                        slots.fail(error, at: index)
                    }
                }
            }
        }
        return try slots.collect()
    }

    /// The buffer of an array whose elements the threads of one ``map(_:concurrency:_:)`` or
    /// ``Batch`` read, valid while the array is kept: only while it waits for them.
    @usableFromInline
    struct Lent<Element: Sendable>: @unchecked Sendable {  // read-only, by threads the owner waits for
        @usableFromInline let buffer: UnsafeBufferPointer<Element>
        @inlinable init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }
    }

    /// The fewest elements a run holds.
    @usableFromInline static let minimumRun = 16
    /// How many runs each thread gets, at most: many, so that the threads finish together.
    @usableFromInline static let runsPerThread = 16

    /// The results of one ``map(_:concurrency:_:)``, each written once by the thread that made it,
    /// then moved (not copied) into the array given back.
    @usableFromInline
    final class Slots<Value, Failure: Error>: @unchecked Sendable {  // each slot is written once, by the thread that made it, and read after the wait
        @usableFromInline let values: UnsafeMutablePointer<Value>
        /// Whether each slot holds a value (a failed element's slot does not).
        @usableFromInline let filled: UnsafeMutableBufferPointer<Bool>
        @usableFromInline let failures: UnsafeMutableBufferPointer<Failure?>
        @usableFromInline let count: Int

        @usableFromInline
        init(count: Int) {
            self.count = count
            values = .allocate(capacity: count)
            filled = .allocate(capacity: count)
            filled.initialize(repeating: false)
            failures = .allocate(capacity: count)
            failures.initialize(repeating: nil)
        }

        deinit {
            clear()
            values.deallocate()
            filled.deallocate()
            failures.deinitialize()
            failures.deallocate()
        }

        @inlinable
        func store(_ value: consuming Value, at index: Int) {
            (values + index).initialize(to: value)
            filled[index] = true
        }

        @inlinable
        func fail(_ error: Failure, at index: Int) {
            failures[index] = error
        }

        /// The values in order, or the first failure in order.
        @inlinable
        func collect() throws(Failure) -> [Value] {
            for index in 0..<count {
                if let failure = failures[index] { throw failure }
            }
            filled.update(repeating: false)
            return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.baseAddress!.moveInitialize(from: values, count: count)
                initialized = count
            }
        }

        /// Lets go of every value not taken.
        @inlinable
        func clear() {
            for index in 0..<count where filled[index] {
                (values + index).deinitialize(count: 1)
                filled[index] = false
            }
        }

        /// The value at `index`, moved out of its slot.
        @inlinable
        func take(at index: Int) -> Value {
            filled[index] = false
            return (values + index).move()
        }
    }
}
