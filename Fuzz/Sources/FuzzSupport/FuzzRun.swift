import FuzzDriver
import ReservationFeed

#if canImport(Glibc)
    import Glibc
#endif

/// What the fuzz targets do with what they read: the rest of a `generate` run, in memory.
///
/// Whatever the input, reading it must end in reservations and diagnostics, never a crash; the
/// reservations must synthesise into events and the events into iCalendar text, and that text
/// must read back. A failure of any of these is a bug, reported as a crash so that libFuzzer
/// keeps the input.
public enum FuzzRun {
    /// A fixed moment, so that a crash reproduces.
    public static let now = Instant(secondsSinceEpoch: 1_893_456_000)  // 2030-01-01

    /// Builds a feed of the reservations, as the next version of `previous`, and reads its text back.
    public static func build(_ result: ImportResult, previous: PreviousFeed? = nil) {
        for diagnostic in result.diagnostics where diagnostic.description.isEmpty {
            fatalError("a diagnostic with no text")
        }
        var options = FeedOptions()
        options.allowShrink = true
        options.includeUnconfirmed = true
        let build: FeedBuildResult
        do {
            build = try FeedBuilder(options: options, concurrency: 1).build(
                from: result.reservations, previous: previous, now: now, inputIsComplete: result.diagnostics.isEmpty)
        } catch {
            fatalError("the feed could not be built: \(error)")
        }
        guard !build.feed.events.isEmpty else { return }
        let text: String
        do {
            text = try build.feed.iCalendarText()
        } catch {
            // Writing may refuse an event (a diagnostic in a real run); it must not crash.
            return
        }
        do {
            let again = try PreviousFeed(iCalendar: text)
            guard again.events.count == build.feed.events.count else {
                fatalError("wrote \(build.feed.events.count) events, read back \(again.events.count)")
            }
        } catch {
            fatalError("the feed written does not read back: \(error)")
        }
    }

    /// Runs libFuzzer with the program's arguments, calling `test` with each input, and exits.
    public static func runDriver(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }

    /// The bytes libFuzzer hands over.
    public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }
}
