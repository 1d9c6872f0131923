/// A value each thread keeps for itself: the caches the parallel work reads for every event
/// (zones by name, countries' only zones, countries' names, places looked up).
///
/// ``Locked`` shares one value, so every look-up takes the lock, and two threads asking at once
/// wait for each other; what they take out (a zone's table, a name's string) is then one object
/// whose reference count both threads keep changing, and the processor moves it between them at
/// each change. Here each thread fills its own value as it goes, with no lock and no object in
/// common: what is worked out is worked out once per thread rather than once, which for a
/// cache of a few dozen zones or places is nothing.
///
/// Meant for values that live as long as the program (`static let`): a thread's value goes when
/// the thread ends; should the `PerThread` itself go first, the values of other threads are not
/// reclaimed.
///
/// ```swift
/// private static let cache = PerThread<[String: ZoneInfo?]> { [:] }
/// if let known = cache.withValue({ $0[name] }) { return known }
/// ```
public final class PerThread<Value>: Sendable {  // each thread reaches only its own value, through its key
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    /// The value of one thread, held by the thread's key until the thread ends.
    private final class Slot {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Values made by `make`, the first time each thread asks.
    public init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        // The destructor runs as each thread ends, with the slot it left.
        let created = pthread_key_create(&key) { slot in
            guard let slot else { return }
            Unmanaged<AnyObject>.fromOpaque(slot).release()
        }
        precondition(created == 0, "no thread-specific key left (PTHREAD_KEYS_MAX)")
        self.key = key
        self.make = make
    }

    deinit {
        pthread_key_delete(key)
    }

    /// Runs `body` with this thread's value.
    public func withValue<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        let slot: Slot
        if let stored = pthread_getspecific(key) {
            slot = Unmanaged<Slot>.fromOpaque(stored).takeUnretainedValue()
        } else {
            slot = Slot(make())
            pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        }
        return try body(&slot.value)
    }
}
