import CalDAV
import Foundation
import Testing

/// Which addresses are inside a calendar: the rule that keeps `publish`'s writes in it.
@Suite("Members of a calendar collection")
struct CollectionMembersTests {
    let members = CollectionMembers(of: URL(string: "https://dav.example.com/ada/cal/")!)

    @Test("members: relative and absolute hrefs, the default port written or not, escapes that stay inside")
    func inside() {
        #expect(members.member("/ada/cal/a.ics")?.absoluteString == "https://dav.example.com/ada/cal/a.ics")
        #expect(members.member("a.ics")?.absoluteString == "https://dav.example.com/ada/cal/a.ics")
        #expect(members.member("https://DAV.example.com:443/ada/cal/b.ics") != nil)
        #expect(members.member("/ada/cal/sub/../c.ics") != nil)
        #expect(members.member("/ada/cal/d%20e.ics") != nil)
    }

    @Test(
        "not members: another origin, a path that leaves the collection once decoded, the collection itself",
        arguments: [
            "/ada/other/x.ics", "/ada/cal/../victim/y.ics", "/ada/cal/%2e%2e/victim/y.ics", "/ada/cal/%2E%2E/%2E%2E/z.ics",
            "/ada/cal/x%2F..%2F..%2Fvictim.ics", "http://dav.example.com/ada/cal/a.ics", "https://dav.example.com:8443/ada/cal/a.ics",
            "https://127.0.0.2/ada/cal/a.ics", "https://dav.example.com.evil.net/ada/cal/a.ics", "/ada/cal/", "/ada/cal", "/ada/calendar-2/a.ics",
            "../../etc/passwd",
        ])
    func outside(href: String) {
        #expect(members.member(href) == nil, "\(href)")
    }
}
