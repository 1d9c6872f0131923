import Basics
import Foundation
import MailProgramProtocol
import Subprocess
import SystemPackage

/// Notices new mail in the IMAP folders among the inputs, through `reservation-feed-mail watch`
/// (IDLE where the server offers it, polling otherwise), and calls back for each change.
///
/// The program runs, through swift-subprocess, as a child for as long as the watcher does: it
/// keeps the folders' cache up to date and tells each change (``MailProgramMessage``), and a
/// server that goes away is tried again by it with growing waits (each wait told, and passed on
/// as a notice). Its standard input stays open while it is watched; ``stop()`` cancels the task
/// that runs it, which ends it, and it never outlives this program, whose end closes that input.
public final class MailboxWatcher: Sendable {
    private let program: String
    private let arguments: [String]
    private let onChange: @Sendable (String) -> Void
    private let onNotice: @Sendable (String) -> Void
    /// The task that runs the program, and the end of the pipe to its standard input, which it
    /// ends with when closed; once started.
    private let running = Locked<(task: Task<Void, Never>, input: FileDescriptor)?>(nil)

    /// Creates a watcher; it starts with ``start()``.
    ///
    /// - Parameters:
    ///   - command: The program and its arguments (``MailProgram/watchCommand(for:cache:)``).
    ///   - onNotice: Called with what a person should read: a folder that could not be reached
    ///     (`warning: …; trying again in 30 s`) or cannot be read at all (`error: …`).
    ///   - onChange: Called with the folder's URL after each change.
    public init(
        command: (program: String, arguments: [String]), onNotice: @escaping @Sendable (String) -> Void,
        onChange: @escaping @Sendable (String) -> Void
    ) {
        program = command.program
        arguments = command.arguments
        self.onNotice = onNotice
        self.onChange = onChange
    }

    /// Why the program could not be started.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Starts the program, and follows what it says.
    ///
    /// - Throws: ``StartError`` when there is no program to start.
    public func start() throws {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw StartError(description: "\(program) is not a program that can be run")
        }
        let input: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            input = try FileDescriptor.pipe()
            // No other child of this program holds the pipe open, so that closing it ends the watch.
            _ = fcntl(input.writeEnd.rawValue, F_SETFD, FD_CLOEXEC)
        } catch {
            throw StartError(description: "cannot make a pipe for \(program): \(error)")
        }
        let (program, arguments, onChange, onNotice) = (program, arguments, onChange, onNotice)
        let task = Task {
            do {
                // Standard input is never written: the program ends when it is closed.
                _ = try await run(
                    .path(FilePath(program)), arguments: Arguments(arguments),
                    input: .fileDescriptor(input.readEnd, closeAfterSpawningProcess: true), output: .sequence,
                    error: .fileDescriptor(.standardError, closeAfterSpawningProcess: false)
                ) { execution in
                    var lines = MailProgramMessage.Lines()
                    for try await buffer in execution.standardOutput {
                        buffer.withUnsafeBytes { lines.append($0) }
                        while let message = lines.next() {
                            switch message {
                            case .changed(let folder): onChange(folder)
                            case .retrying, .failed: onNotice(message.description)
                            case .progress, .synced: break
                            }
                        }
                    }
                }
            } catch is CancellationError {
                // Stopped.
            } catch {
                if !Task.isCancelled { onNotice("error: \(program) stopped watching: \(error)") }
            }
        }
        running.withLock { $0 = (task, input.writeEnd) }
    }

    /// Stops the program: its standard input is closed, which ends it; should it still run two
    /// seconds later, the task that runs it is cancelled, which stops it (SIGKILL).
    public func stop() {
        guard let (task, input) = running.withLock({ state in defer { state = nil }; return state }) else { return }
        try? input.close()
        Task {
            try? await Task.sleep(for: .seconds(2))
            task.cancel()
        }
    }
}
