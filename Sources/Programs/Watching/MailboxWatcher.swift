import Basics
import Foundation
import MailProgramProtocol

/// Notices new mail in the IMAP folders among the inputs, through `reservation-feed-mail watch`
/// (IDLE where the server offers it, polling otherwise), and calls back for each change.
///
/// The program runs as a child for as long as the watcher does; it keeps the folders' cache up
/// to date and tells each change (``MailProgramMessage``), and a server that goes away is tried
/// again by it with growing waits (each wait told, and passed on as a notice). It ends when its
/// standard input closes, so it never outlives the server.
public final class MailboxWatcher: Sendable {
    private let program: String
    private let arguments: [String]
    private let onChange: @Sendable (String) -> Void
    private let onNotice: @Sendable (String) -> Void
    /// The program, once started, and the pipe to its standard input, which it ends with.
    private let running = Locked<(process: Process, input: Pipe)?>(nil)

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

    /// Starts the program, and reads what it says on a thread of its own.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        running.withLock { $0 = (process, input) }
        let thread = Thread { [onChange, onNotice] in
            MailProgramMessage.read(from: output.fileHandleForReading.fileDescriptor) { message in
                switch message {
                case .changed(let folder): onChange(folder)
                case .retrying, .failed: onNotice(message.description)
                case .progress, .synced: break
                }
            }
        }
        thread.name = "reservation-feed mailbox watcher"
        thread.start()
    }

    /// Stops the program.
    public func stop() {
        guard let (process, input) = running.withLock({ $0 }) else { return }
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
