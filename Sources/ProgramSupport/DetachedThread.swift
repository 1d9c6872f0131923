import Basics

/// A thread of its own for work that blocks for as long as the program runs (watching an IMAP
/// folder, the inputs' files, a child program's output), so that it holds none of the
/// concurrency pool's or Dispatch's threads. The one way the programs start a thread: a plain
/// POSIX thread, where Foundation's `Thread` would bring an object, a run loop and Foundation
/// itself into the mail program, which links FoundationEssentials alone.
public enum DetachedThread {
    /// Starts `body` on a new thread, which ends when `body` returns; returns false when the
    /// system would not start one.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        #if canImport(Darwin)
            pthread_detach(thread!)
        #else
            pthread_detach(thread)
        #endif
        return true
    }

    /// The closure, carried through `pthread_create`'s one pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
