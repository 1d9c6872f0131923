import Basics
import CalDAV
import Foundation
import MailProgramProtocol
import Mailboxes
import OAuth
import PublicSuffix

/// The access tokens of kept sign-ins, for the IMAP folders `reservation-feed-mail` reads: a
/// folder whose user has a kept sign-in signs in with OAuth 2.0, and the mail program asks for
/// a token at each login (``MailProgramMessage/tokenWanted(folder:user:refused:)``), answered here
/// on its standard input (``MailProgramToken``). The sign-in's refresh token never leaves this
/// program; access tokens are refreshed as for CalDAV (``AccountTokenSource``).
final class MailTokens: Sendable {
    private let store: AccountStore
    /// Each user's tokens, and the token last given (to name it when the server refused it).
    private let sources = Locked<[String: (source: AccountTokenSource, last: String?)]>([:])

    init(store: AccountStore = AccountStore()) {
        self.store = store
    }

    /// The users of `mailboxes` whose folders sign in with a kept sign-in: the login name has
    /// one, it is for mail, and the folder's server is its provider's (Google's `imap.gmail.com`,
    /// Microsoft's `outlook.office365.com`; for an issuer named by its address, a host of the
    /// issuer's own organization). A token never goes to another server because the login name
    /// is the same.
    func users(among mailboxes: [MailboxURL]) -> [String] {
        var seen: Set<String> = []
        return mailboxes.filter { mailbox in
            FileManager.default.fileExists(atPath: store.file(for: mailbox.user).path) && Self.signsIn(mailbox, with: try? store.grant(for: mailbox.user))
        }.map(\.user).filter { seen.insert($0).inserted }
    }

    /// Whether `grant` is for `mailbox`'s server and for mail.
    static func signsIn(_ mailbox: MailboxURL, with grant: GrantFile.Grant?) -> Bool {
        guard let grant else { return false }
        return TokenDestination.refusal(of: grant, to: mailbox.host, for: .mail) == nil
    }

    /// The answer to a request for `user`'s token for `folder`, waited for here (the mail
    /// program waits too): a token, or why there is none. The sign-in kept now is checked
    /// against the folder's server at each request (``TokenDestination``): one made in place of
    /// the one the run started with (another provider's) gives no token to this server.
    func answer(user: String, folder: String, refused: Bool) -> MailProgramToken {
        guard let host = (try? MailboxURL(folder))?.host else {
            return .unavailable(user: user, reason: "\(folder) is not a folder this program reads", mayPass: false)
        }
        if let grant = try? store.grant(for: user), let refusal = TokenDestination.refusal(of: grant, to: host, for: .mail) {
            return .unavailable(user: user, reason: "the sign-in of \(user) is not used for \(host): \(refusal)", mayPass: false)
        }
        let (source, last) = sources.withLock { sources in
            let entry = sources[user] ?? (AccountTokenSource.shared(account: user, store: store), nil)
            sources[user] = entry
            return entry
        }
        let result = Locked<MailProgramToken?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            if refused, let last { await source.refused(last) }
            do throws(BearerTokenError) {
                let token = try await source.token()
                result.withLock { $0 = .token(user: user, value: token) }
            } catch {
                result.withLock { $0 = .unavailable(user: user, reason: error.reason, mayPass: error.mayPass) }
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success, let answer = result.withLock({ $0 }) else {
            return .unavailable(user: user, reason: "no access token could be had within 60 s", mayPass: true)
        }
        if case .token(_, let value) = answer { sources.withLock { $0[user]?.last = value } }
        return answer
    }

    /// Answers `message` when it asks for a token, writing the answer to `input` (the mail
    /// program's standard input); whether it was such a request.
    func answer(_ message: MailProgramMessage, to input: Int32) -> Bool {
        guard case .tokenWanted(let folder, let user, let refused) = message else { return false }
        _ = ChildProcess.writeAll(input, Array(answer(user: user, folder: folder, refused: refused).line.utf8))
        return true
    }
}
