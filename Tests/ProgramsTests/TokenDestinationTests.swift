import CalDAV
import MailProgramProtocol
import OAuth
import TestSupport
import Testing

@testable import Programs

@Suite("Where a kept sign-in's tokens may go")
struct TokenDestinationTests {
    func grant(provider: String? = nil, issuer: String, scopes: [String]) -> GrantFile.Grant {
        MailTokensTests.grant(provider: provider, issuer: issuer, scopes: scopes)
    }

    @Test("a calendar server: the provider's CalDAV host alone, for a sign-in for the calendar; an issuer's own organization; loopback for loopback")
    func calendars() {
        let both = grant(
            provider: "google", issuer: "https://accounts.google.com", scopes: Provider.google.calendarScopes + ["https://mail.google.com/"])
        #expect(TokenDestination.refusal(of: both, to: "apidata.googleusercontent.com", for: .calendar) == nil)
        #expect(TokenDestination.refusal(of: both, to: "APIDATA.googleusercontent.com", for: .calendar) == nil)
        // A typo, or a lure: the token (which opens the mailbox too) does not go there.
        #expect(
            TokenDestination.refusal(of: both, to: "caldav.example.com", for: .calendar)
                == "its tokens go to google's calendar server, apidata.googleusercontent.com, alone")
        let mailOnly = grant(provider: "google", issuer: "https://accounts.google.com", scopes: ["https://mail.google.com/"])
        #expect(TokenDestination.refusal(of: mailOnly, to: "apidata.googleusercontent.com", for: .calendar)?.contains("--for calendar") == true)
        let microsoft = grant(provider: "microsoft", issuer: "https://login.microsoftonline.com/consumers/v2.0", scopes: Provider.microsoft.mailScopes)
        #expect(TokenDestination.refusal(of: microsoft, to: "outlook.office365.com", for: .calendar) == "microsoft's calendar is not reached with a sign-in")
        let own = grant(issuer: "https://login.example.org/realms/home", scopes: ["calendar"])
        #expect(TokenDestination.refusal(of: own, to: "dav.example.org", for: .calendar) == nil)
        #expect(TokenDestination.refusal(of: own, to: "dav.example.net", for: .calendar) != nil)
        #expect(TokenDestination.refusal(of: own, to: "127.0.0.1", for: .calendar) != nil)
        let loopback = grant(issuer: "http://127.0.0.1:8000/o", scopes: ["calendar"])
        #expect(TokenDestination.refusal(of: loopback, to: "localhost", for: .calendar) == nil)
        #expect(TokenDestination.refusal(of: loopback, to: "dav.example.org", for: .calendar) != nil)
    }
}

@Suite("A sign-in replaced while a run goes on")
struct ReplacedSignInTests {
    @Test("the sign-in kept at each request is checked against the server: one made in place of the run's first (another provider's) gives it no token, for CalDAV or IMAP")
    func replaced() async throws {
        let folder = try TemporaryFolder("replaced")
        let store = AccountStore(base: folder.path("reservation-feed"))
        // The run started with a sign-in of a loopback issuer, for a server on loopback; then
        // the account was signed in again, at Google.
        try store.save(
            GrantFile.Grant(
                issuer: "https://accounts.google.com", clientID: "c", account: "ada", scopes: ["https://mail.google.com/"] + Provider.google.calendarScopes,
                refreshToken: BearerToken("r"), provider: "google"))
        let calendar = DestinedTokenSource(
            source: AccountTokenSource(account: "ada", store: store), store: store, account: "ada", host: "127.0.0.1", use: .calendar)
        let error = await #expect(throws: BearerTokenError.self) { try await calendar.token() }
        #expect(error?.reason == "the sign-in of ada is not used for 127.0.0.1: its tokens go to google's calendar server, apidata.googleusercontent.com, alone")
        #expect(error?.mayPass == false)
        let mail = MailTokens(store: store).answer(user: "ada", folder: "imaps://ada@127.0.0.1:9993/INBOX", refused: false)
        #expect(mail == .unavailable(user: "ada", reason: "the sign-in of ada is not used for 127.0.0.1: its tokens go to google's mail server, imap.gmail.com, alone", mayPass: false))
    }
}

@Suite("account list's cells")
struct AccountListCellTests {
    @Test("what a server said (a scope, an issuer) reaches the terminal with no escape sequence, tab or line break")
    func printable() {
        #expect(AccountListRun.cell("mail \u{1B}]0;PWNED\u{07}\u{1B}[2J\tx\ny\u{202E}") == "mail  ]0;PWNED  [2J x y ")
    }
}
