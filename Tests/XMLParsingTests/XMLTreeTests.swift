import Testing
import XMLParsing

@Suite("XML, as WebDAV servers answer")
struct XMLTreeTests {
    /// RFC 4791 §7.8.8's answer to a calendar-query, shortened, with prefixes other than the RFC's.
    static let multistatus = """
        <?xml version="1.0" encoding="utf-8" ?>
        <D:multistatus xmlns:D="DAV:" xmlns:X="urn:ietf:params:xml:ns:caldav">
          <D:response>
            <D:href>http://cal.example.com/bernard/work/abcd2.ics</D:href>
            <D:propstat>
              <D:prop>
                <D:getetag>"fffff-abcd2"</D:getetag>
                <X:calendar-data><![CDATA[BEGIN:VCALENDAR
        VERSION:2.0
        END:VCALENDAR
        ]]></X:calendar-data>
              </D:prop>
              <D:status>HTTP/1.1 200 OK</D:status>
            </D:propstat>
          </D:response>
          <D:response>
            <D:href>/bernard/work/abcd3.ics</D:href>
            <D:status>HTTP/1.1 404 Not Found</D:status>
          </D:response>
        </D:multistatus>
        """

    @Test("elements by local name and namespace, whatever the prefixes; text and CDATA as text")
    func multistatus() throws {
        let root = try XMLTree.parse(Array(Self.multistatus.utf8))
        #expect(root.name == "multistatus")
        #expect(root.namespace == "DAV:")
        let responses = root.children("response", namespace: "DAV:")
        #expect(responses.count == 2)
        #expect(responses[0].child("href")?.text == "http://cal.example.com/bernard/work/abcd2.ics")
        #expect(responses[0].descendants("getetag", namespace: "DAV:").first?.text == "\"fffff-abcd2\"")
        let data = try #require(responses[0].descendants("calendar-data", namespace: "urn:ietf:params:xml:ns:caldav").first)
        #expect(data.text.hasPrefix("BEGIN:VCALENDAR\nVERSION:2.0"))
        #expect(responses[1].child("status")?.text == "HTTP/1.1 404 Not Found")
        #expect(root.descendants("calendar-data", namespace: "DAV:").isEmpty)
    }

    @Test("what is not well-formed is refused with libxml2's reason; entities are not expanded, and nothing external is loaded")
    func refused() throws {
        #expect(throws: XMLTree.ParseError.self) { try XMLTree.parse(Array("<a><b></a>".utf8)) }
        #expect(throws: XMLTree.ParseError.self) { try XMLTree.parse([]) }
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <d>&x;</d>
            """
        let root = try XMLTree.parse(Array(external.utf8))
        #expect(!root.text.contains("root:"))
    }
}
