/// A value shared between threads, reached only under a lock: what is worked out once for all
/// of them (a zone's rules past its file's last transition, the evidence of a document's
/// dates). Caches the parallel work reads for every event are ``PerThread``, which takes no lock.
///
/// It is `Synchronization.Mutex` in spirit, on a POSIX mutex: on Linux, `Mutex` is built on raw
/// futex calls that ThreadSanitizer cannot see, so every access through it is reported as a race
/// and a real one would drown among them. A POSIX mutex is understood by the sanitizer, and the
/// test suite runs clean under it.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {  // the value is reached only under the mutex
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A lock around `value`.
    public init(_ value: consuming Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
