import FuzzSupport
import ICalendar
import ReservationFeed

// A calendar file as people are sent them (an airline's trip, an event site's invitation):
// libical's parser, VTIMEZONEs of the file's own, METHOD and STATUS, then the feed.
@main
enum FuzzInvitation {
    static func main() {
        FuzzRun.runDriver(test)
    }

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        let bytes = FuzzRun.bytes(data, size)
        let result = CalendarFileReader().read(bytes, source: .file("fuzz.ics"))
        if let invitation = try? ICalendarReader().invitation(String(decoding: bytes, as: UTF8.self)) {
            for event in invitation.events where event.uid.isEmpty {
                fatalError("an event of the invitation has no UID")
            }
        }
        FuzzRun.build(result)
        return 0
    }
}
