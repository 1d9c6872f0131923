import FuzzSupport
import ReservationFeed

// A previous feed, as a subscriber's calendar file may have become: read, and made the next
// version of with no reservations (every event kept, cancelled or dropped).
@main
enum FuzzPreviousFeed {
    static func main() {
        FuzzRun.runDriver(test)
    }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        guard let previous = try? PreviousFeed(iCalendar: FuzzRun.bytes(data, size), name: "fuzz.ics") else { return 0 }
        _ = previous.events
        FuzzRun.build(ImportResult(), previous: previous)
        return 0
    }
}
