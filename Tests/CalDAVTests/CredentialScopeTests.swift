import CalDAV
import Foundation
import Testing

/// Where the password may go, decided before any request leaves.
@Suite("Where credentials may go")
struct CredentialScopeTests {
    static func refusal(_ named: String, _ target: String) -> String? {
        CredentialScope(named: URL(string: named)!).refusal(for: URL(string: target)!)
    }

    @Test("the origin named, on any path; its port written or not")
    func sameOrigin() {
        #expect(Self.refusal("https://caldav.fastmail.com/", "https://caldav.fastmail.com/dav/principals/user/ada@fastmail.com/") == nil)
        #expect(Self.refusal("https://caldav.fastmail.com/", "https://CALDAV.fastmail.com:443/dav/") == nil)
        #expect(Self.refusal("https://cloud.example.org:8443/", "https://cloud.example.org:8443/remote.php/dav/") == nil)
    }

    @Test("another port of the same host is another origin (curl's CVE-2022-27774)")
    func otherPort() throws {
        let reason = try #require(Self.refusal("https://cloud.example.org/", "https://cloud.example.org:8443/remote.php/dav/"))
        #expect(reason.contains("https://cloud.example.org:8443 is not the address named (https://cloud.example.org:443)"), "\(reason)")
        #expect(Self.refusal("https://cloud.example.org:8443/", "https://cloud.example.org/") == nil, "another host's rule: same domain, HTTPS on 443")
        #expect(Self.refusal("https://cloud.example.org:8443/", "https://dav.example.org:8444/") != nil)
    }

    @Test("another host of the same domain: iCloud's per-account hosts, a provider's DAV host")
    func sameDomain() {
        #expect(Self.refusal("https://caldav.icloud.com/", "https://p42-caldav.icloud.com:443/123456/calendars/") == nil)
        #expect(Self.refusal("https://icloud.com/", "https://p42-caldav.icloud.com/") == nil)
        #expect(Self.refusal("https://mailbox.org/", "https://dav.mailbox.org/caldav/") == nil)
        #expect(Self.refusal("https://cal.example.co.uk/", "https://dav.example.co.uk/") == nil)
    }

    @Test("another domain, or a country's registry shared by many owners, is refused")
    func otherDomains() throws {
        let reason = try #require(Self.refusal("https://caldav.icloud.com/", "https://caldav.icloud.com.evil.net/"))
        #expect(reason.contains("caldav.icloud.com.evil.net is neither the host named (caldav.icloud.com) nor another host of its domain"))
        #expect(Self.refusal("https://caldav.fastmail.com/", "https://fastmail.example/") != nil)
        #expect(Self.refusal("https://cal.example.co.uk/", "https://other.co.uk/") != nil)
        #expect(Self.refusal("https://calendars.example.com.au/", "https://example2.com.au/") != nil)
        #expect(Self.refusal("https://192.168.1.10/", "https://192.168.1.11/") != nil)
        #expect(Self.refusal("https://localhost/", "https://example.com/") != nil)
        // The Public Suffix List's private part: hosts anyone can have under a shared domain.
        #expect(Self.refusal("https://ada.github.io/", "https://bob.github.io/") != nil)
        #expect(Self.refusal("https://cal.example.co.jp/", "https://dav.example.co.jp/") == nil)
        #expect(Self.refusal("https://ada.blogspot.com/", "https://evil.blogspot.com/") != nil)
    }

    @Test("plain HTTP only on loopback, and only to the very host and port named")
    func plainHTTP() {
        #expect(Self.refusal("http://127.0.0.1:5232/", "http://127.0.0.1:5232/ada/") == nil)
        #expect(Self.refusal("http://[::1]:5232/", "http://[::1]:5232/ada/") == nil)
        #expect(Self.refusal("http://127.0.0.1:5232/", "http://127.0.0.1:5233/ada/")?.contains("over plain http:// the password goes to that host and port alone") == true)
        #expect(Self.refusal("http://127.0.0.1:5232/", "http://127.0.0.2:5232/") != nil)
        #expect(Self.refusal("http://127.0.0.1:5232/", "http://localhost:5232/") != nil)
        #expect(Self.refusal("https://caldav.example.com/", "http://caldav.example.com/")?.contains("only over https://") == true)
        #expect(Self.refusal("http://caldav.example.com/", "http://caldav.example.com/") != nil)
        // A remote server sending the password to a service on this machine is refused too.
        #expect(Self.refusal("https://caldav.example.com/", "http://127.0.0.1:8080/") != nil)
    }
}
