import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of a command: how long it took, the CPU it used and the most memory it held.
struct ProcessSample: Sendable, Codable {
    /// Wall-clock seconds, from spawning to reaping.
    var wall: Double
    /// CPU seconds in user space and in the kernel, for the process and its threads.
    var user: Double
    var system: Double
    /// The peak resident set size, in megabytes (2^20 bytes), as the kernel counts it.
    var peakMegabytes: Double
    /// The peak of the memory the command and every process it started held together (their
    /// PSS, sampled every 0.1 s), when asked for.
    var treePeakMegabytes: Double?
    /// What the command printed on standard output, when asked for.
    var output: String?

    /// Runs a command and waits for it.
    ///
    /// - Parameters:
    ///   - standardOutput: A file to write the command's output to; `nil` captures it into
    ///     ``output``.
    ///   - standardInput: A file the command reads as its standard input.
    ///   - withChildren: Whether to sample the memory of the command's own children too
    ///     (``treePeakMegabytes``).
    /// - Throws: ``ProcessFailure`` when it cannot start or exits with a status other than 0.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], standardOutput: String? = "/dev/null",
        standardInput: String = "/dev/null", withChildren: Bool = false
    ) throws -> ProcessSample {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        let outputPath = standardOutput ?? scratch.path + ".out"
        let errorPath = scratch.path + ".err"
        defer {
            try? FileManager.default.removeItem(atPath: errorPath)
            if standardOutput == nil { try? FileManager.default.removeItem(atPath: outputPath) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        // posix_spawn starts the child in this process's memory (vfork), and the kernel keeps the
        // peak resident size of that memory as the child's own when it runs the program: a
        // harness that once held a large input would charge it to every command after. Resetting
        // this process's peak (Linux 4.0 and later) leaves the child its own.
        Self.resetPeakMemory()
        var pid: pid_t = 0
        let start = Self.now()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw ProcessFailure(command: ([executable] + arguments).joined(separator: " "), reason: String(cString: strerror(spawned)))
        }
        let tree = withChildren ? ProcessTreeMemory(root: pid) : nil
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { break }
        }
        let wall = Self.now() - start
        let treePeak = tree?.stop()

        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited, code == 0 else {
            let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw ProcessFailure(
                command: ([executable] + arguments).joined(separator: " "),
                reason: exited ? "exit status \(code): \(message.suffix(2000))" : "killed by signal \(status & 0x7F)")
        }
        return ProcessSample(
            wall: wall, user: Self.seconds(usage.ru_utime), system: Self.seconds(usage.ru_stime),
            peakMegabytes: Double(usage.ru_maxrss) / 1024, treePeakMegabytes: treePeak,
            output: standardOutput == nil ? try? String(contentsOfFile: outputPath, encoding: .utf8) : nil)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}

/// A command that could not be measured.
struct ProcessFailure: Error, CustomStringConvertible {
    var command: String
    var reason: String

    var description: String { "\(command): \(reason)" }
}

extension ProcessSample {
    /// Resets this process's peak resident set size to its current size (`/proc/self/clear_refs`).
    static func resetPeakMemory() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }
}
