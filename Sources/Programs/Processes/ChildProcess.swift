import Basics
import Foundation

/// How the programs start other programs (KDE's extractor and its helper, the mail program), and
/// the one way they do: `posix_spawn`, each child the leader of a process group of its own.
///
/// Why not Foundation's `Process` or swift-subprocess: `Process` waits for every process that
/// inherited the child's descriptors, so a child that leaves a grandchild behind (a shell script
/// running `sleep`, a helper the program starts) cannot be stopped in time, and neither puts the
/// child in a group of its own, so stopping it would leave its children running. Here stopping a
/// child stops its whole group: SIGTERM, then SIGKILL two seconds later. Pipes are made
/// close-on-exec under one lock, so that no child inherits another's ends.
///
/// A value runs one program to its end, or stops it: a time limit, and a limit on the size of a
/// file it writes (``run()``); the static functions start one whose streams the caller keeps.
struct ChildProcess {
    /// How a run ended.
    enum Outcome: Equatable, CustomStringConvertible {
        /// The program exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It was stopped, for this reason.
        case stopped(String)

        var description: String {
            switch self {
            case .exited(let status): "it ended with status \(status)"
            case .signalled(let signal): "it was ended by signal \(signal)"
            case .stopped(let reason): "it was stopped: \(reason)"
            }
        }
    }

    let executable: String
    let arguments: [String]
    let environment: [String: String]
    /// Where its standard output and error go; its standard input is empty.
    let output: String
    let errors: String
    /// The most seconds it may take.
    let timeout: Int
    /// The most bytes it may write to `output`.
    let outputLimit: Int

    /// Runs the program.
    ///
    /// - Throws: `POSIXError` when it cannot be started.
    func run() throws -> Outcome {
        let pid = try Self.spawn(
            executable, arguments, environment: environment,
            streams: [.path("/dev/null", O_RDONLY), .path(output, O_WRONLY | O_CREAT | O_TRUNC), .path(errors, O_WRONLY | O_CREAT | O_TRUNC)])
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return Self.outcome(status) }
            if result < 0, errno != EINTR { return .stopped("it could not be waited for") }
            var reason: String?
            if Date() > deadline {
                reason = ExtractorRunning.tookTooLong(timeout)
            } else {
                var info = stat()
                if stat(output, &info) == 0, Int(info.st_size) > outputLimit {
                    reason = ExtractorRunning.answeredTooMuch(outputLimit)
                }
            }
            if let reason {
                Self.stop(pid)
                return .stopped(reason)
            }
            usleep(20_000)
        }
    }

    /// Where a child's standard input, output or error is.
    enum Stream {
        /// A file opened with these flags (created readable by its owner alone).
        case path(String, Int32)
        /// This program's descriptor, duplicated into the child.
        case descriptor(Int32)
    }

    /// Starts a program as the leader of a process group of its own, with the signals a fresh
    /// program expects and its standard input, output and error as given.
    ///
    /// - Returns: Its process id.
    /// - Throws: `POSIXError` when it cannot be started.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String], streams: [Stream]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in streams.enumerated() {
            switch stream {
            case .path(let path, let flags): posix_spawn_file_actions_addopen(&actions, Int32(number), path, flags, 0o600)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(number))
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, and the signals a fresh program expects.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard started == 0 else { throw POSIXError(POSIXErrorCode(rawValue: started) ?? .EINVAL) }
        return pid
    }

    /// Stops a child's process group: SIGTERM, then SIGKILL after two seconds.
    static func stop(_ pid: pid_t) {
        kill(-pid, SIGTERM)
        var status: Int32 = 0
        let grace = Date().addingTimeInterval(2)
        while Date() < grace {
            if waitpid(pid, &status, WNOHANG) == pid {
                kill(-pid, SIGKILL)  // whatever it left behind
                return
            }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// Waits for a child to end, and reaps it.
    static func wait(_ pid: pid_t) -> Outcome {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .stopped("it could not be waited for") }
        }
        return outcome(status)
    }

    /// The outcome a `waitpid` status says (the `WIFEXITED` family are C macros Swift cannot see).
    static func outcome(_ status: Int32) -> Outcome {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// A pipe's two ends, neither inherited by programs started later (each child gets only the
    /// ends it is given, duplicated into its standard streams).
    static func pipe() throws -> (read: Int32, write: Int32) {
        try spawning.withLock { _ in
            var ends: [Int32] = [-1, -1]
            guard Basics.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
    }

    /// Two pipes: one to a child's standard input, one from its standard output.
    static func pipes() throws -> (input: (read: Int32, write: Int32), output: (read: Int32, write: Int32)) {
        let input = try pipe()
        do {
            return (input, try pipe())
        } catch {
            close(input.read)
            close(input.write)
            throw error
        }
    }

    /// Held while a pipe is made and marked close-on-exec, so that no program this one starts
    /// meanwhile inherits an end of it.
    private static let spawning = Locked(())

    /// Writes all of `bytes` to a pipe; `false` when its reader is gone (EPIPE, with SIGPIPE held
    /// back on this thread rather than ending the program).
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            // A SIGPIPE raised meanwhile is taken here, on this thread, before it is unblocked.
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var timeout = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &timeout)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
