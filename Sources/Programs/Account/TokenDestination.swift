import CalDAV
import Foundation
import OAuth
import PublicSuffix

/// Where a kept sign-in's tokens may go: one rule for IMAP folders and CalDAV servers, so that
/// naming a sign-in never hands its token (which may open a whole mailbox) to another server.
///
/// - A known provider's tokens go to its own server for that use only: Google's
///   `imap.gmail.com` and `apidata.googleusercontent.com`, Microsoft's `outlook.office365.com`,
///   and only when the grant's scopes are for that use.
/// - An issuer named by its address: a host of the issuer's own organization (the Public Suffix
///   List's registrable domain), or, for an issuer on loopback, loopback only.
enum TokenDestination {
    /// What the token is to open.
    enum Use: String, Sendable {
        case mail
        case calendar
    }

    /// Why `grant`'s tokens may not go to `host` for `use`; `nil` when they may.
    static func refusal(of grant: GrantFile.Grant, to host: String, for use: Use) -> String? {
        let host = host.lowercased()
        if let provider = grant.provider.flatMap(Provider.named) {
            let server: String?
            let allowed: Bool
            switch use {
            case .mail:
                server = provider.imap.host
                allowed = provider.isForMail(grant.scopes)
            case .calendar:
                server = provider.calDAV.flatMap { URL(string: $0)?.host }
                allowed = provider.isForCalendar(grant.scopes)
            }
            guard let server else { return "\(provider.name)'s \(use.rawValue) is not reached with a sign-in" }
            guard host == server else { return "its tokens go to \(provider.name)'s \(use.rawValue) server, \(server), alone" }
            guard allowed else { return "it is not for \(use.rawValue) (reservation-feed account add … --for \(use.rawValue) signs in for it)" }
            return nil
        }
        guard let issuer = URL(string: grant.issuer)?.host?.lowercased() else { return "its issuer is not a URL" }
        if CredentialScope.isLoopback(host) || CredentialScope.isLoopback(issuer) {
            return CredentialScope.isLoopback(host) && CredentialScope.isLoopback(issuer) ? nil : "its tokens go to servers of its issuer, \(issuer), alone"
        }
        return host == issuer || PublicSuffixList.shared.sameOrganization(host, issuer) ? nil : "its tokens go to servers of its issuer's organization (\(issuer)) alone"
    }
}
