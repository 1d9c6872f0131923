import Foundation
import Synchronization

/// The memory a process and every process it started hold together, sampled while it runs: the
/// sum of their proportional set sizes (PSS, `/proc/PID/smaps_rollup`), so that libraries two
/// helpers share are counted once between them, not twice. The kernel's peak (`ru_maxrss`) is
/// one process's alone and leaves out the helpers a program starts.
final class ProcessTreeMemory: Sendable {
    /// The largest total seen, and whether to go on sampling.
    private let state = Mutex((peak: 0.0, running: true))
    private let done = DispatchSemaphore(value: 0)

    /// Starts sampling the tree under `root` every `interval` seconds.
    init(root: pid_t, interval: TimeInterval = 0.1) {
        Thread.detachNewThread { [self] in
            while state.withLock({ $0.running }) {
                let total = Self.megabytes(of: root)
                state.withLock { $0.peak = max($0.peak, total) }
                Thread.sleep(forTimeInterval: interval)
            }
            done.signal()
        }
    }

    /// Stops sampling and gives the largest total seen, in megabytes (2^20 bytes).
    func stop() -> Double {
        state.withLock { $0.running = false }
        done.wait()
        return state.withLock { $0.peak }
    }

    /// The PSS of `root` and all its descendants now, in megabytes.
    static func megabytes(of root: pid_t) -> Double {
        var parents: [pid_t: pid_t] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { continue }
            // After the command's name in parentheses: state, then the parent's id.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        var tree: Set<pid_t> = [root]
        var grew = true
        while grew {
            grew = false
            for (pid, parent) in parents where tree.contains(parent) && !tree.contains(pid) {
                tree.insert(pid)
                grew = true
            }
        }
        var kilobytes = 0
        for pid in tree {
            guard let rollup = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { continue }
            for line in rollup.split(separator: "\n") where line.hasPrefix("Pss:") {
                kilobytes += Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
        }
        return Double(kilobytes) / 1024
    }
}
