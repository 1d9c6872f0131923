import Mailboxes
import OAuth
import Testing

@testable import Programs

@Suite("Which IMAP folders sign in with a kept sign-in")
struct MailTokensTests {
    static func grant(provider: String? = nil, issuer: String, scopes: [String]) -> GrantFile.Grant {
        GrantFile.Grant(issuer: issuer, clientID: "c", account: "ada@gmail.com", scopes: scopes, refreshToken: BearerToken("r"), provider: provider)
    }

    @Test("only the provider's own server, and only a sign-in for mail: a token never goes elsewhere because the login name is the same")
    func servers() throws {
        let google = Self.grant(provider: "google", issuer: "https://accounts.google.com", scopes: ["https://mail.google.com/", "openid"])
        #expect(MailTokens.signsIn(try MailboxURL("imaps://ada%40gmail.com@imap.gmail.com/Travel"), with: google))
        #expect(!MailTokens.signsIn(try MailboxURL("imaps://ada%40gmail.com@mail.example.org/Travel"), with: google))
        let calendarOnly = Self.grant(provider: "google", issuer: "https://accounts.google.com", scopes: ["https://www.googleapis.com/auth/calendar"])
        #expect(!MailTokens.signsIn(try MailboxURL("imaps://ada%40gmail.com@imap.gmail.com/Travel"), with: calendarOnly))
        // Microsoft leaves offline_access out of what it says it granted.
        let microsoft = Self.grant(provider: "microsoft", issuer: Provider.microsoft.issuer, scopes: ["https://outlook.office.com/IMAP.AccessAsUser.All"])
        #expect(MailTokens.signsIn(try MailboxURL("imaps://ada%40outlook.com@outlook.office365.com/INBOX"), with: microsoft))
        // An issuer of one's own: a host of its organization, or this machine for this machine's.
        let own = Self.grant(issuer: "https://id.example.org/realms/home", scopes: ["imap"])
        #expect(MailTokens.signsIn(try MailboxURL("imaps://ada@imap.example.org/INBOX"), with: own))
        #expect(!MailTokens.signsIn(try MailboxURL("imaps://ada@imap.example.net/INBOX"), with: own))
        #expect(!MailTokens.signsIn(try MailboxURL("imaps://ada@127.0.0.1/INBOX"), with: own))
        let loopback = Self.grant(issuer: "http://127.0.0.1:8000/o", scopes: ["mail"])
        #expect(MailTokens.signsIn(try MailboxURL("imaps://ada@localhost:9993/INBOX"), with: loopback))
        #expect(!MailTokens.signsIn(try MailboxURL("imaps://ada@imap.example.org/INBOX"), with: loopback))
        #expect(!MailTokens.signsIn(try MailboxURL("imaps://ada@imap.gmail.com/INBOX"), with: nil))
    }
}
