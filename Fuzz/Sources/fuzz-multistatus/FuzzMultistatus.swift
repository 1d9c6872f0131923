import CalDAV
import Foundation
import FuzzSupport
import ICalendar
import ReservationFeed

// A CalDAV server's listing (a WebDAV multistatus), as it arrives in pieces: libxml2's push
// parser, the calendar's members by their hrefs (percent-encoding, dot segments, other origins),
// the listing's limits, then each event's text as publish reads it. The first byte says where
// the pieces are cut; the listing must be the same whatever the cuts.
@main
enum FuzzMultistatus {
    static func main() {
        FuzzRun.runDriver(test)
    }

    static let calendar = URL(string: "https://dav.example.com/cal/")!

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data, size > 0 else { return 0 }
        let bytes = Array(FuzzRun.bytes(data, size).dropFirst())
        let cut = Int(data[0]) + 1
        let pieces = stride(from: 0, to: bytes.count, by: cut).map { Array(bytes[$0..<min(bytes.count, $0 + cut)]) }
        let whole = Result { () throws(CalDAVError) in try CalDAVClient.listing(of: calendar, readingMultistatus: [bytes]) }
        let cutUp = Result { () throws(CalDAVError) in try CalDAVClient.listing(of: calendar, readingMultistatus: pieces) }
        switch (whole, cutUp) {
        case (.success(let one), .success(let other)):
            guard one == other else { fatalError("read whole and in pieces of \(cut), the listing differs") }
            let members = CollectionMembers(of: calendar)
            for resource in one.resources {
                guard members.contains(resource.url) else { fatalError("\(resource.url) is not in the calendar") }
                _ = try? ICalendarReader(keeping: ["X-RESERVATION-FEED-DIGEST"]).read(resource.calendarData)
            }
        case (.failure, .failure):
            break
        default:
            fatalError("read whole and in pieces of \(cut), one failed and the other did not: \(whole), \(cutUp)")
        }
        return 0
    }
}
