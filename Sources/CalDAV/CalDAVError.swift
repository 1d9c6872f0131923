import Foundation

/// What went wrong talking to a CalDAV server, with the URL and the status it answered.
public enum CalDAVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 401 or 403: the server refused the credentials (or gave none).
    case refused(url: String, status: Int)
    /// The URL answered, but is not a calendar collection.
    case notACalendar(url: String)
    /// Neither the URL nor the server's well-known address leads to an account's calendars
    /// (no `current-user-principal`, no `calendar-home-set`).
    case noAccount(url: String)
    /// The account's bearer token could not be had (``BearerTokenError``), so the request
    /// was not made.
    case noToken(url: String, reason: String, mayPass: Bool)
    /// The server asked to be left alone for a while (429, 503, or Google's 403 for a quota
    /// spent), for `retryAfter` seconds when it said (`Retry-After`).
    case busy(url: String, status: Int, retryAfter: Int?)
    /// The credentials were not sent to this URL (another domain, or plain HTTP), so the request
    /// was not made.
    case credentialsWithheld(url: String, reason: String)
    /// 412: the resource changed on the server since it was read (If-Match), or exists already
    /// (If-None-Match: *).
    case preconditionFailed(url: String)
    /// 404 for a resource that was expected.
    case notFound(url: String)
    /// No answer: refused connection, name not found, timeout, TLS failure.
    case unreachable(url: String, reason: String)
    /// Any other status that means failure, with the start of the server's explanation.
    case failed(url: String, status: Int, reason: String)
    /// The server no longer knows the sync token (RFC 6578 `valid-sync-token`): list again
    /// from the start.
    case syncTokenRefused(url: String)
    /// An answer this client cannot read.
    case unreadable(url: String, reason: String)
    /// An answer larger than such an answer can be (announced, or as it came): the server is
    /// not answering as a calendar server does, and no more is asked of it.
    case tooLarge(url: String, reason: String)

    /// Whether trying again later may succeed: the server down, busy or failing, or the
    /// resource locked by another writer (423: Xandikos answers so while another write holds its
    /// repository).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .busy: true
        case .noToken(_, _, let mayPass): mayPass
        case .failed(_, let status, _): status >= 500 || status == 429 || status == 423
        default: false
        }
    }

    /// Whether the server as a whole is out of reach (refused credentials, no answer, a gateway
    /// or the server saying it is unavailable), rather than this one request failing.
    public var isServerWide: Bool {
        switch self {
        case .refused, .unreachable, .credentialsWithheld, .tooLarge, .noToken, .busy: true
        case .failed(_, let status, _): [502, 503, 504].contains(status)
        default: false
        }
    }

    /// The URL the error is about.
    public var url: String {
        switch self {
        case .refused(let url, _), .notACalendar(let url), .noAccount(let url), .credentialsWithheld(let url, _), .preconditionFailed(let url), .notFound(let url), .syncTokenRefused(let url), .unreachable(let url, _),
            .failed(let url, _, _), .unreadable(let url, _), .tooLarge(let url, _), .noToken(let url, _, _), .busy(let url, _, _):
            url
        }
    }

    /// What went wrong, without the URL.
    public var reason: String {
        switch self {
        case .refused(_, let status): "the server refused the credentials (\(status))"
        case .notACalendar: "not a calendar (no CalDAV calendar collection there)"
        case .noAccount:
            "no CalDAV account found there (neither it nor the server's /.well-known/caldav leads to a principal with a calendar home)"
        case .credentialsWithheld(_, let reason): "the credentials were not sent: \(reason)"
        case .noToken(_, let reason, _): "no token to sign the request with: \(reason)"
        case .busy(_, let status, let seconds): "the server is busy (\(status)) and asks to wait" + (seconds.map { " \($0) s" } ?? "")
        case .preconditionFailed: "changed on the server since it was read (412)"
        case .notFound: "not found (404)"
        case .syncTokenRefused: "the server no longer knows the sync token"
        case .unreachable(_, let reason): "no answer: \(reason)"
        case .failed(_, let status, let reason): "\(status)\(reason.isEmpty ? "" : ": \(reason)")"
        case .unreadable(_, let reason): "unreadable answer: \(reason)"
        case .tooLarge(_, let reason): reason
        }
    }

    public var description: String {
        "\(url): \(reason)"
    }
}
