import Basics
import Foundation
import MailProgramProtocol
import ProgramSupport

/// Notices new mail in the IMAP folders among the inputs, through `reservation-feed-mail watch`
/// (IDLE where the server offers it, polling otherwise), and calls back for each change.
///
/// The program runs as a child (``ChildProcess``) for as long as the watcher does: it keeps the
/// folders' cache up to date and tells each change (``MailProgramMessage``), read on a thread of
/// the watcher's own (``DetachedThread``), and a server that goes away is tried again by it with
/// growing waits (each wait told, and passed on as a notice). Its standard input stays open
/// while it is watched; ``stop()`` closes it, which ends the program (and its process group is
/// stopped should it still run two seconds later), and it never outlives this program, whose
/// end closes that input.
final class MailboxWatcher: Sendable {
    private let program: String
    private let arguments: [String]
    private let onChange: @Sendable (String) -> Void
    private let onNotice: @Sendable (String) -> Void
    private let alreadySaid: @Sendable (String) -> Bool
    /// What answers the program's requests for access tokens (on its standard input).
    private let tokens: MailTokens
    /// The running program: its process id, the end of the pipe to its standard input (closed
    /// by ``stop()``), whether it was told to stop and whether it has ended (then its id may
    /// belong to another process, and is never signalled).
    private let child = Locked(Child())

    private struct Child {
        var pid: pid_t?
        var input: Int32 = -1
        var stopping = false
        var ended = false
    }

    /// Creates a watcher; it starts with ``start()``.
    ///
    /// - Parameters:
    ///   - command: The program and its arguments (``MailProgram/watchCommand(for:cache:)``).
    ///   - onNotice: Called with what a person should read: a folder that could not be reached
    ///     (`warning: …; trying again in 30 s`) or cannot be read at all (`error: …`).
    ///   - alreadySaid: Whether the run has said a folder's trouble (its reason) already, as a
    ///     failed build does: the watcher's first word of the same trouble is then not said.
    ///   - onChange: Called with the folder's URL after each change.
    init(
        command: (program: String, arguments: [String]), tokens: MailTokens = MailTokens(), onNotice: @escaping @Sendable (String) -> Void,
        alreadySaid: @escaping @Sendable (String) -> Bool = { _ in false }, onChange: @escaping @Sendable (String) -> Void
    ) {
        program = command.program
        arguments = command.arguments
        self.tokens = tokens
        self.onNotice = onNotice
        self.alreadySaid = alreadySaid
        self.onChange = onChange
    }

    /// Why the program could not be started.
    struct StartError: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// Starts the program, and follows what it says.
    ///
    /// - Throws: ``StartError`` when there is no program to start.
    func start() throws {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw StartError(description: "\(program) is not a program that can be run")
        }
        let pipes: (input: (read: Int32, write: Int32), output: (read: Int32, write: Int32))
        do {
            pipes = try ChildProcess.pipes()
        } catch {
            throw StartError(description: "cannot make a pipe for \(program): \(error)")
        }
        let pid: pid_t
        do {
            // Standard input carries only the answers to its requests for access tokens; the
            // program ends when it is closed.
            pid = try ChildProcess.spawn(
                program, arguments, environment: ProcessInfo.processInfo.environment,
                streams: [.descriptor(pipes.input.read), .descriptor(pipes.output.write), .descriptor(STDERR_FILENO)])
        } catch {
            for end in [pipes.input.read, pipes.input.write, pipes.output.read, pipes.output.write] { close(end) }
            throw StartError(description: "cannot start \(program): \(error)")
        }
        close(pipes.input.read)
        close(pipes.output.write)
        child.withLock { $0 = Child(pid: pid, input: pipes.input.write) }
        let (program, child, onChange, onNotice, alreadySaid, tokens) = (program, child, onChange, onNotice, alreadySaid, self.tokens)
        let (messages, input) = (pipes.output.read, pipes.input.write)
        let reading = DetachedThread.start {
            var failed = false
            var said: [String: String] = [:]
            MailProgramMessage.read(from: messages) { message in
                // Answered while the input is open (a stop closes it under the lock).
                if case .tokenWanted(let folder, let user, let refused) = message {
                    let answer = tokens.answer(user: user, folder: folder, refused: refused)
                    child.withLock { state in
                        if !state.stopping { _ = ChildProcess.writeAll(input, Array(answer.line.utf8)) }
                    }
                    return
                }
                switch message {
                case .changed(let folder):
                    said[folder] = nil
                    onChange(folder)
                case .retrying(_, let reason, _), .failed(_, let reason):
                    failed = true
                    // The same trouble again (a refused sign-in, tried every 5 minutes) is said once,
                    // and not at all when the run has said it (a build that failed on it).
                    guard said[message.folder] != message.description else { return }
                    said[message.folder] = message.description
                    if !alreadySaid(reason) { onNotice(message.description) }
                case .progress, .synced, .tokenWanted: break
                }
            }
            close(messages)
            // Waited for without being reaped, so that its id is not reused while a stop may
            // still signal it; then reaped, under the lock.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
            let stopping = child.withLock { state in
                state.ended = true
                return state.stopping
            }
            // An end it did not say why (killed, or failing without a word) is said once.
            switch ChildProcess.wait(pid) {
            case .signalled(let signal) where !stopping: onNotice("error: \(program) stopped watching: it was ended by signal \(signal)")
            case .exited(let status) where !stopping && status != 0 && !failed:
                onNotice("error: \(program) stopped watching: it ended with status \(status)")
            default: break
            }
        }
        guard reading else {
            close(messages)
            stop()
            _ = ChildProcess.wait(pid)
            throw StartError(description: "cannot start a thread to follow \(program)")
        }
    }

    /// Stops the program: its standard input is closed, which ends it; should it still run two
    /// seconds later, its process group is stopped (SIGKILL). Returns once it has ended or been
    /// stopped so, so that it never outlives this program, which may end next.
    func stop() {
        let pid: pid_t? = child.withLock { state in
            guard let pid = state.pid, !state.stopping else { return nil }
            state.stopping = true
            close(state.input)
            return pid
        }
        guard let pid else { return }
        for _ in 0..<100 {
            if child.withLock({ $0.ended }) { return }
            usleep(20_000)
        }
        child.withLock { state in
            // Killed, then reaped by the thread that reads it (or by ``start()``, when that
            // thread could not be started).
            guard !state.ended else { return }
            kill(-pid, SIGKILL)
        }
    }
}
