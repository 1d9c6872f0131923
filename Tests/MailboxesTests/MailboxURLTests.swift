import Mailboxes
import Testing

@Suite("IMAP folder URLs (RFC 5092)")
struct MailboxURLTests {
    @Test("user, host, port, folder, percent-decoded; the usual port for each scheme")
    func parses() throws {
        let url = try MailboxURL("imaps://me%40example.com@mail.example.com/Travel%202027")
        #expect(url.security == .tls)
        #expect(url.user == "me@example.com")
        #expect(url.host == "mail.example.com")
        #expect(url.port == 993)
        #expect(url.folder == "Travel 2027")
        #expect(url.description == "imaps://me%40example.com@mail.example.com/Travel%202027")

        let plain = try MailboxURL("imap://ada@[::1]:1143/")
        #expect(plain.security == .startTLS)
        #expect(plain.host == "::1")
        #expect(plain.port == 1143)
        #expect(plain.folder == "INBOX")
        #expect(plain.isLoopback)
        #expect(plain.description == "imap://ada@[::1]:1143/INBOX")
        #expect(try MailboxURL("IMAPS://ada;AUTH=*@imap.example.com/INBOX;UIDVALIDITY=5").folder == "INBOX")
    }

    @Test("a password in the URL is refused without being repeated; a missing user or a bad port is explained")
    func refuses() {
        #expect(throws: MailboxURL.ParseError.self) { try MailboxURL("imaps://ada:hunter2@imap.example.com/INBOX") }
        do {
            _ = try MailboxURL("imaps://ada:hunter2@imap.example.com/INBOX")
        } catch {
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains("~/.netrc"))
        }
        // A user that is an address, and passwords with @ or / in them: never repeated either.
        for url in ["imaps://ada@example.org:S3CRETpw@imap.example.com/INBOX", "imaps://ada:p@ss@imap.example.com/INBOX", "imaps://ada:pa/ss@imap.example.com/INBOX"] {
            do {
                _ = try MailboxURL(url)
                Issue.record("\(url) was taken")
            } catch {
                #expect(!error.description.contains("S3CRET") && !error.description.contains("p@ss") && !error.description.contains("pa/ss"), "\(error)")
            }
        }
        #expect(throws: MailboxURL.ParseError.self) { try MailboxURL("imaps://imap.example.com/INBOX") }
        #expect(throws: MailboxURL.ParseError.self) { try MailboxURL("imaps://ada@imap.example.com:99999/INBOX") }
        #expect(!MailboxURL.looksLikeMailbox("Examples/trip"))
        #expect(MailboxURL.looksLikeMailbox("IMAPS://a@b/INBOX"))
    }

    @Test("the cache keeps each folder apart, by scheme, account and folder")
    func cacheDirectories() throws {
        let cache = MailCache.standard(environment: ["HOME": "/home/ada"])
        #expect(cache.root == "/home/ada/.cache/reservation-feed/mail")
        #expect(MailCache.standard(environment: ["XDG_CACHE_HOME": "/var/cache/ada", "HOME": "/home/ada"]).root == "/var/cache/ada/reservation-feed/mail")
        let inbox = cache.directory(of: try MailboxURL("imaps://ada@mail.example.com/INBOX"))
        let travel = cache.directory(of: try MailboxURL("imaps://ada@mail.example.com/Travel/2027"))
        #expect(inbox == "/home/ada/.cache/reservation-feed/mail/imaps/ada@mail.example.com:993/INBOX")
        #expect(travel == "/home/ada/.cache/reservation-feed/mail/imaps/ada@mail.example.com:993/Travel%2F2027")
    }
}
