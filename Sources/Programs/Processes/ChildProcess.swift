import Basics
import Foundation

/// How the programs start other programs (KDE's extractor and its helper, the mail program), and
/// the one way they do: `posix_spawn`, each child the leader of a process group of its own.
///
/// Why not Foundation's `Process` or swift-subprocess: `Process` waits for every process that
/// inherited the child's descriptors, so a child that leaves a grandchild behind (a shell script
/// running `sleep`, a helper the program starts) cannot be stopped in time, and neither puts the
/// child in a group of its own, so stopping it would leave its children running. Here stopping a
/// child stops its whole group: SIGTERM, then SIGKILL two seconds later. A child gets its three
/// standard streams and no other descriptor of this program (`Process` closed them too), and the
/// signals a fresh program expects.
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
    /// - Throws: ``StartError`` when it cannot be started.
    func run() throws(StartError) -> Outcome {
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

    /// Why a program could not be started: the system's reason, in lower case.
    struct StartError: Error, Sendable, CustomStringConvertible {
        /// The `errno` of the failure.
        var code: Int32
        var description: String { String(cString: strerror(code)).lowercased() }
    }

    /// Why a start failed, in words: the system's reason for a ``StartError``, Foundation's for
    /// anything else (a working folder that could not be made).
    static func reason(_ error: any Error) -> String {
        (error as? StartError)?.description ?? error.localizedDescription
    }

    /// Starts a program as the leader of a process group of its own, with the signals a fresh
    /// program expects, its standard input, output and error as given, and no other descriptor of
    /// this program (not a listening socket, not another child's pipe).
    ///
    /// - Returns: Its process id.
    /// - Throws: ``StartError`` when it cannot be started.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String], streams: [Stream]) throws(StartError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in streams.enumerated() {
            switch stream {
            case .path(let path, let flags): posix_spawn_file_actions_addopen(&actions, Int32(number), path, flags, 0o600)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(number))
            }
        }
        // Everything else is closed in the child, whether or not it was opened close-on-exec.
        Self.closeOthers(from: Int32(streams.count), in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, and the signals a fresh program expects.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        // What this program ignores (SIGPIPE always, SIGTERM and SIGINT while publish --follow
        // handles them) would stay ignored in the child.
        for number in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT] { sigaddset(&defaults, number) }
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
        guard started == 0 else { throw StartError(code: started) }
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

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's view of
    /// the C library does not show.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        #if os(Linux)
            // glibc's RTLD_DEFAULT is a null handle.
            return dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map { unsafeBitCast($0, to: CloseFrom.self) }
        #else
            return nil
        #endif
    }()

    /// Has the child close every descriptor from `first` on: at once where the C library can,
    /// else each one open now (from `/proc/self/fd`, or `/dev/fd`).
    private static func closeOthers(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let closeFrom, closeFrom(&actions, first) == 0 { return }
        let listing = FileManager.default
        let open = (try? listing.contentsOfDirectory(atPath: "/proc/self/fd")) ?? (try? listing.contentsOfDirectory(atPath: "/dev/fd")) ?? []
        for descriptor in open.compactMap(Int32.init).sorted() where descriptor >= first {
            // Only those still open: the listing's own descriptor is gone by now.
            if fcntl(descriptor, F_GETFD) >= 0 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
    }

    /// The outcome a `waitpid` status says (the `WIFEXITED` family are C macros Swift cannot see).
    static func outcome(_ status: Int32) -> Outcome {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// A pipe's two ends, close-on-exec. A child gets only the ends it is given, duplicated into
    /// its standard streams: ``spawn(_:_:environment:streams:)`` closes every other descriptor in
    /// it, so that an end of another child's pipe, made meanwhile on another thread, never keeps
    /// that pipe open.
    static func pipe() throws(StartError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard Basics.pipe(&ends) == 0 else { throw StartError(code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Two pipes: one to a child's standard input, one from its standard output.
    static func pipes() throws(StartError) -> (input: (read: Int32, write: Int32), output: (read: Int32, write: Int32)) {
        let input = try pipe()
        do {
            return (input, try pipe())
        } catch {
            close(input.read)
            close(input.write)
            throw error
        }
    }

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
