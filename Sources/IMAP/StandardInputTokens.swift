import Basics
import MailProgramProtocol
import Mailboxes

/// The access tokens the program that runs the mail program gives it: asked for with a
/// ``MailProgramMessage/tokenWanted(folder:user:refused:)`` message (``ask``), answered by a
/// ``MailProgramToken`` line on standard input, which whoever reads that input passes to
/// ``take(line:)``. That program keeps the sign-in and refreshes it; this one never sees a
/// refresh token, and keeps no token longer than a login.
public final class StandardInputTokens: IMAPTokenSource {
    private struct State {
        /// The newest answer for each user, with the number it came as.
        var answers: [String: (answer: MailProgramToken, number: Int)] = [:]
        var received = 0
        var closed = false
    }

    private let state = Locked(State())
    private let ask: @Sendable (MailProgramMessage) -> Void
    /// How long an answer is waited for, in seconds.
    let patience: Int

    /// Tokens asked for through `ask` (which writes the message on standard output).
    public init(patience: Int = 60, ask: @escaping @Sendable (MailProgramMessage) -> Void) {
        self.patience = patience
        self.ask = ask
    }

    /// An answer line read from standard input (one that is not an answer is passed over).
    public func take(line: some StringProtocol) {
        guard let answer = try? MailProgramToken(line: line) else { return }
        CoreDumps.forbid()
        state.withLock { state in
            state.received += 1
            state.answers[answer.user] = (answer, state.received)
        }
    }

    /// Standard input ended: no answer will come.
    public func close() {
        state.withLock { $0.closed = true }
    }

    public func token(for mailbox: MailboxURL, refused: Bool) throws(IMAPError) -> String {
        let asked = state.withLock { $0.received }
        ask(.tokenWanted(folder: mailbox.description, user: mailbox.user, refused: refused))
        let deadline = ContinuousClock.now + .seconds(patience)
        while ContinuousClock.now < deadline {
            let (answer, closed) = state.withLock { state in
                (state.answers[mailbox.user].flatMap { $0.number > asked ? $0.answer : nil }, state.closed)
            }
            switch answer {
            case .token(_, let value): return value
            case .unavailable(_, let reason, let mayPass): throw IMAPError(mayPass ? .unreachable : .login, mailbox, reason)
            case nil:
                if closed { throw IMAPError(.login, mailbox, "no access token was given (the program that runs this one keeps the sign-in)") }
                usleep(20_000)
            }
        }
        throw IMAPError(.unreachable, mailbox, "no access token came within \(patience) s")
    }
}
