import Foundation
import Mailboxes
import TestSupport
import Testing

/// What docs/mailboxes.md says of the cache, held to what the cache does.
@Suite("The cache as docs/mailboxes.md shows it")
struct CacheLayoutDocumentationTests {
    @Test("the folder the page shows for a login that is an e-mail address is the one the cache uses")
    func folderPath() throws {
        let page = try String(contentsOf: Repository.url("docs/mailboxes.md"), encoding: .utf8)
        let shown = try #require(
            page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("imaps/") })
        let cache = MailCache(root: "/root")
        let mailbox = MailboxURL(security: .tls, user: "me@example.com", host: "imap.example.com", folder: "Travel 2027")
        #expect("/root/" + shown == cache.directory(of: mailbox) + "/")
        let startTLS = MailboxURL(security: .startTLS, user: "me@example.com", host: "imap.example.com", folder: "Travel 2027")
        #expect(cache.directory(of: startTLS).hasPrefix("/root/imap/me%40example.com@imap.example.com:143/"))
        #expect(page.contains("imaps:// or imap:// (STARTTLS)"))
    }
}
