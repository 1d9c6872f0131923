import OAuth
import Testing

@testable import Programs

@Suite("The command that signs in again")
struct SignInCommandTests {
    @Test("it names the provider, the account, the client as it was given and what was asked for, quoted for a shell")
    func text() {
        let google = GrantFile.Grant(
            issuer: "https://accounts.google.com", clientID: "1.apps.googleusercontent.com", account: "ada@gmail.com",
            scopes: ["https://mail.google.com/", "https://www.googleapis.com/auth/calendar", "openid", "email"], refreshToken: BearerToken("r"),
            provider: "google", clientSecret: BearerToken("s"), clientFile: "/home/ada/My Downloads/client_secret_1.json")
        #expect(SignInCommand.text(for: google) == "reservation-feed account add google ada@gmail.com --client '/home/ada/My Downloads/client_secret_1.json'")
        var calendarOnly = google
        calendarOnly.scopes = ["https://www.googleapis.com/auth/calendar", "openid", "email"]
        #expect(SignInCommand.text(for: calendarOnly).hasSuffix("--for calendar"))
        let microsoft = GrantFile.Grant(
            issuer: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0", clientID: "00000000-aaaa", account: "ada@outlook.com",
            scopes: ["https://outlook.office.com/IMAP.AccessAsUser.All", "offline_access", "openid"], refreshToken: BearerToken("r"), provider: "microsoft")
        #expect(SignInCommand.text(for: microsoft) == "reservation-feed account add microsoft ada@outlook.com --client 00000000-aaaa")
        let own = GrantFile.Grant(
            issuer: "https://id.example.org/realms/home", clientID: "feed", account: "ada's", scopes: ["imap", "openid"], refreshToken: BearerToken("r"),
            clientSecret: BearerToken("s"))
        #expect(
            SignInCommand.text(for: own)
                == #"reservation-feed account add https://id.example.org/realms/home 'ada'\''s' --client feed --scope imap --client-secret-file FILE"#)
    }
}
