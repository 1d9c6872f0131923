import Basics
import Foundation

/// Notices new mail in the IMAP folders among the inputs, through `reservation-feed-mail watch`
/// (IDLE where the server offers it, polling otherwise), and calls back for each change.
///
/// The program runs as a child for as long as the watcher does; it keeps the folders' cache up
/// to date and prints a line after each change, and a server that goes away is tried again by
/// it with growing waits (its warnings go to this program's standard error). It ends when its
/// standard input closes, so it never outlives the server.
public final class MailboxWatcher: @unchecked Sendable {
    private let program: String
    private let arguments: [String]
    private let onChange: @Sendable (String) -> Void
    private let lock = NSLock()
    private var process: Process?
    private var input: Pipe?

    /// Creates a watcher; it starts with ``start()``.
    ///
    /// - Parameters:
    ///   - command: The program and its arguments (``MailboxInputs/watchCommand(for:)``).
    ///   - onChange: Called with the folder's URL after each change.
    public init(command: (program: String, arguments: [String]), onChange: @escaping @Sendable (String) -> Void) {
        program = command.program
        arguments = command.arguments
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
        lock.withLock {
            self.process = process
            self.input = input
        }
        let thread = Thread { [onChange] in
            let reader = output.fileHandleForReading
            var pending = ""
            while true {
                let data = reader.availableData
                if data.isEmpty { return }
                pending += String(decoding: data, as: UTF8.self)
                while let end = pending.firstIndex(of: "\n") {
                    let line = pending[..<end]
                    pending = String(pending[pending.index(after: end)...])
                    if line.hasPrefix("changed\t") { onChange(String(line.dropFirst("changed\t".count))) }
                }
            }
        }
        thread.name = "reservation-feed mailbox watcher"
        thread.start()
    }

    /// Stops the program.
    public func stop() {
        let (process, input) = lock.withLock { (self.process, self.input) }
        try? input?.fileHandleForWriting.close()
        if let process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
