import Foundation

/// An account provider that demands OAuth 2.0, as the provider documents itself: where its
/// metadata is published and whose issuer it must name, what to ask for, and where its IMAP and
/// CalDAV servers are. The endpoints themselves come from the metadata, at each sign-in.
public struct Provider: Sendable, Hashable {
    /// The name people type: `google`, `microsoft`.
    public var name: String
    /// Where the metadata is read (a URL).
    public var metadataLocation: String
    /// The issuer the metadata must name (RFC 8414 §3.3).
    public var issuer: String
    /// What a sign-in for mail asks for.
    public var mailScopes: [String]
    /// What a sign-in for the calendar asks for; empty where the provider's calendar is not
    /// reached by CalDAV with OAuth (Outlook.com's: subscribe to the served feed instead).
    public var calendarScopes: [String]
    /// What a sign-in also asks for, so that the provider says who signed in (OpenID Connect's
    /// ID token with the address): a sign-in as another account than the one named is caught.
    public var identityScopes: [String] = ["openid", "email"]
    /// Parameters of the authorization request beyond the protocol's.
    public var authorizationParameters: [String: String]
    /// The IMAP server (host and port, TLS from the start).
    public var imap: (host: String, port: Int)
    /// The root of its CalDAV service (a URL), where it has one.
    public var calDAV: String?

    public static func == (a: Provider, b: Provider) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Google (Gmail, Google Calendar).
    ///
    /// - Metadata and issuer: "OpenID Connect", Discovery document, in Google Identity's
    ///   documentation (`https://accounts.google.com/.well-known/openid-configuration`, issuer
    ///   `https://accounts.google.com`).
    /// - `https://mail.google.com/`: Gmail's "IMAP, POP, and SMTP" guide (XOAUTH2 needs the full
    ///   mail scope); `https://www.googleapis.com/auth/calendar`: the CalDAV API developer's
    ///   guide, whose root is `https://apidata.googleusercontent.com/caldav/v2/`.
    /// - `access_type=offline` gives a refresh token, and `prompt=consent` gives one again on a
    ///   second sign-in ("Using OAuth 2.0 for Web Server Applications", refresh tokens).
    public static let google = Provider(
        name: "google", metadataLocation: "https://accounts.google.com/.well-known/openid-configuration",
        issuer: "https://accounts.google.com", mailScopes: ["https://mail.google.com/"],
        calendarScopes: ["https://www.googleapis.com/auth/calendar"], authorizationParameters: ["access_type": "offline", "prompt": "consent"],
        imap: ("imap.gmail.com", 993), calDAV: "https://apidata.googleusercontent.com/caldav/v2/")

    /// Microsoft's personal accounts (Outlook.com, Hotmail, Live).
    ///
    /// - Metadata: the Microsoft identity platform's OpenID Connect document for personal
    ///   accounts, `https://login.microsoftonline.com/consumers/v2.0/.well-known/openid-configuration`,
    ///   whose issuer names the consumer tenant (`9188040d-6c67-4c5b-b112-36a304b66dad`), not
    ///   `consumers` ("Microsoft identity platform and OpenID Connect protocol").
    /// - `https://outlook.office.com/IMAP.AccessAsUser.All` with `offline_access`, and
    ///   `outlook.office365.com:993`: "Authenticate an IMAP, POP or SMTP connection using OAuth"
    ///   (Exchange Online's documentation). Its calendar has no CalDAV.
    /// - `openid email profile`: the ID token's `email`, and `preferred_username` (which needs
    ///   `profile`): "ID token claims reference".
    public static let microsoft = Provider(
        name: "microsoft",
        metadataLocation: "https://login.microsoftonline.com/consumers/v2.0/.well-known/openid-configuration",
        issuer: "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0",
        mailScopes: ["https://outlook.office.com/IMAP.AccessAsUser.All", "offline_access"], calendarScopes: [],
        identityScopes: ["openid", "email", "profile"], authorizationParameters: [:],
        imap: ("outlook.office365.com", 993), calDAV: nil)

    /// The providers known by name.
    public static let known: [Provider] = [.google, .microsoft]

    /// The provider of that name, or `nil`.
    public static func named(_ name: String) -> Provider? {
        known.first { $0.name == name.lowercased() }
    }

    /// Whether the scopes granted open the mail (`offline_access`, which providers leave out of
    /// what they say they granted, aside).
    public func isForMail(_ granted: [String]) -> Bool {
        let wanted = mailScopes.filter { $0 != "offline_access" }
        return !wanted.isEmpty && wanted.allSatisfy(granted.contains)
    }

    /// Whether the scopes granted open the calendar.
    public func isForCalendar(_ granted: [String]) -> Bool {
        let wanted = calendarScopes.filter { $0 != "offline_access" }
        return !wanted.isEmpty && wanted.allSatisfy(granted.contains)
    }

    /// The scopes a sign-in asks for: mail, the calendar, or both.
    public func scopes(mail: Bool, calendar: Bool) -> [String] {
        var scopes = (mail ? mailScopes : []) + (calendar ? calendarScopes : [])
        // offline_access once, where it is asked for at all.
        var seen: Set<String> = []
        scopes.removeAll { !seen.insert($0).inserted }
        return scopes
    }
}
