import Foundation

/// What a finished process printed and how it exited.
public struct ProcessOutput: Sendable {
    /// The exit status.
    public let status: Int32
    /// Standard output, as UTF-8 text.
    public let standardOutput: String
    /// Standard error, as UTF-8 text.
    public let standardError: String

    public init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// Runs programs for tests: the built command-line tool, and the external checkers.
public enum ProcessRunner {
    /// Runs a program to completion.
    ///
    /// - Parameters:
    ///   - executable: The program's path.
    ///   - arguments: Its arguments.
    ///   - input: What to send on standard input (nothing, and end of file, by default).
    ///   - currentDirectory: Where to run it (the repository's top folder by default).
    ///   - environment: Variables to set on top of this process's environment.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data = Data(), currentDirectory: URL = Repository.root,
        environment: [String: String] = [:]
    ) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = currentDirectory
        process.environment = TestEnvironment.variables(environment)
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes while the process runs, so neither can fill up and block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { outData = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = stderr.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return ProcessOutput(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}

extension ProcessRunner {
    /// Starts a program without waiting for it, its output discarded: for tests that kill it.
    public static func start(_ executable: URL, _ arguments: [String], currentDirectory: URL = Repository.root) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = currentDirectory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

extension ProcessRunner {
    /// Why a server the tests start did not come up.
    public struct NotStarted: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Starts a server that prints where it listens (its port) on its first line, and returns
    /// it running with that line, trimmed. Its standard error is discarded.
    public static func startServer(_ executable: URL, _ arguments: [String]) throws -> (process: Process, firstLine: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = ""
        let reader = output.fileHandleForReading
        while !line.hasSuffix("\n") {
            let byte = reader.readData(ofLength: 1)
            guard !byte.isEmpty else { throw NotStarted(description: "\(arguments.first ?? executable.path) ended at start") }
            line += String(decoding: byte, as: UTF8.self)
        }
        return (process, line.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
