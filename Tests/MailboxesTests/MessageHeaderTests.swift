import Mailboxes
import Testing

@Suite("Header fields read before parsing")
struct MessageHeaderTests {
    @Test("fields by name in any case, folded lines joined, the body never looked at")
    func fields() {
        let message = Array("Subject: Your\n booking\nmessage-id: <a.b@c>\n\nMessage-ID: <body@x>\n".utf8)
        #expect(MessageHeader.field("subject", in: message) == "Your booking")
        #expect(MessageHeader.messageID(in: message) == "a.b@c")
        #expect(MessageHeader.field("date", in: message) == nil)
        #expect(MessageHeader.messageID(in: Array("Subject: x\r\n\r\nMessage-ID: <no@x>\r\n".utf8)) == nil)
    }
}
