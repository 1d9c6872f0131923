import Testing

@testable import DKIM

/// The length of a body in each canonical form, which decides whether `l=` covers all of it.
@Suite("Canonical body lengths (RFC 6376, sections 3.4.3 and 3.4.4)")
struct BodyCanonicalizationTests {
    @Test(
        "simple: blank lines at the end dropped, one CRLF at the end, a CRLF alone for no body",
        arguments: [
            ("", 2), ("\r\n", 2), ("\r\n\r\n\r\n", 2), ("Hi\r\n", 4), ("Hi\r\n\r\n\r\n", 4), ("Hi", 4), ("Hi \r\n", 5),
            ("Hi\r\n \r\n", 7), ("a\r\n\r\nb\r\n", 8),
        ])
    func simple(body: String, length: Int) {
        #expect(BodyCanonicalization.simple.length(of: Array(body.utf8)) == length)
    }

    @Test(
        "relaxed: white space at ends of lines dropped, runs of it one space, blank lines at the end dropped, no body stays none",
        arguments: [
            ("", 0), ("\r\n", 0), (" \t\r\n\r\n", 0), ("Hi\r\n", 4), ("Hi \t \r\n", 4), ("Hi  there\r\n", 10), ("\tHi\r\n", 5),
            ("Hi\r\n \r\n\r\n", 4), ("Hi", 4), ("a\r\n\r\nb \r\n", 8),
        ])
    func relaxed(body: String, length: Int) {
        #expect(BodyCanonicalization.relaxed.length(of: Array(body.utf8)) == length)
    }
}
