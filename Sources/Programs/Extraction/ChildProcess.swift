import Foundation
import ReservationImport

/// A program run to its end, or stopped: a time limit, and a limit on the size of a file it
/// writes, with everything it started stopped with it.
///
/// Foundation's `Process` waits for every process that inherited the child's descriptors, so a
/// child that leaves a grandchild behind (a shell script running `sleep`, a helper the program
/// starts) cannot be stopped in time. Here the child leads a process group of its own, made
/// with `posix_spawn`, and stopping it stops the whole group: SIGTERM, then SIGKILL two seconds
/// later.
struct ChildProcess {
    /// How a run ended.
    enum Outcome: Equatable {
        /// The program exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It was stopped, for this reason.
        case stopped(String)
    }

    let executable: String
    let arguments: [String]
    var environment: [String: String] = ProcessInfo.processInfo.environment
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

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

        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return Self.outcome(status) }
            if result < 0, errno != EINTR { return .stopped("it could not be waited for") }
            var reason: String?
            if Date() > deadline {
                reason = "it took longer than \(timeout) s (--limit extractor-time)"
            } else {
                var info = stat()
                if stat(output, &info) == 0, Int(info.st_size) > outputLimit {
                    reason = "its answer is longer than \(ImportLimits.describe(bytes: outputLimit)) (--limit file-size)"
                }
            }
            if let reason {
                stop(pid)
                return .stopped(reason)
            }
            usleep(20_000)
        }
    }

    /// Stops the child's process group: SIGTERM, then SIGKILL after two seconds.
    private func stop(_ pid: pid_t) {
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

    /// The outcome a `waitpid` status says (the `WIFEXITED` family are C macros Swift cannot see).
    private static func outcome(_ status: Int32) -> Outcome {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
