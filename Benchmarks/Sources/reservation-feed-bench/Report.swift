import Foundation

/// The session as Markdown: the machine, every series, and the targets as ratios.
struct Report {
    let session: Session
    let sizes: [Int]
    let load: (start: String, end: String)

    func markdown() -> String {
        var lines = ["## Benchmark session, \(Self.date())", ""]
        lines += machine().map { "- \($0)" }
        lines += ["", "| Command | Wall (median) | Wall (min – max) | CPU (median) | Peak memory |", "|---|---:|---:|---:|---:|"]
        for series in session.series {
            let wall = series.inner.isEmpty ? series.wall : series.inner
            let cpu = series.inner.isEmpty ? Self.seconds(series.cpu.median) : "–"
            lines.append(
                "| \(series.name)\(series.inner.isEmpty ? "" : " (timed inside)") | \(Self.seconds(wall.median)) | "
                    + "\(Self.seconds(wall.minimum)) – \(Self.seconds(wall.maximum)) | \(cpu) | "
                    + "\(String(format: "%.0f MB", series.peakMegabytes.median)) |")
        }
        lines += ["", "| Target | Measured | Goal | |", "|---|---:|---:|---|"]
        for target in targets() {
            let verdict = target.met.map { $0 ? "met" : "**not met**" } ?? (target.goal == "–" ? "" : "not measured")
            lines.append("| \(target.name) | \(target.measured) | \(target.goal) | \(verdict) |")
        }
        lines += ["", "Runs: \(session.runs) of each command (peers: \(session.peerRuns)), in turns; medians of wall-clock time."]
        return lines.joined(separator: "\n") + "\n"
    }

    struct Target {
        var name: String
        var measured: String
        var goal: String
        var met: Bool?
    }

    func targets() -> [Target] {
        var targets: [Target] = []
        guard let largest = sizes.last else { return targets }
        let ours = session["generate \(largest)"]?.wall.median
        func ratio(_ name: String, _ numerator: Double?, _ denominator: Double?, atMost goal: Double, _ goalText: String) {
            guard let numerator, let denominator, denominator > 0 else {
                targets.append(Target(name: name, measured: "–", goal: goalText, met: nil))
                return
            }
            let value = numerator / denominator
            targets.append(Target(name: name, measured: String(format: "%.2f×", value), goal: goalText, met: value <= goal))
        }
        // Against the python peer: at the largest size, and at 20,000 where start-up and the
        // fixed costs weigh more.
        var peerGoals: [(size: Int, goal: Double)] = [(largest, 15)]
        if largest != 20_000, sizes.contains(20_000) { peerGoals.append((20_000, 12)) }
        for (size, goal) in peerGoals {
            let name = "python peer ÷ generate, \(Self.count(size))"
            let goalText = String(format: "≥ %.0f×", goal)
            if let python = session["python icalendar \(size)"]?.wall.median, let generate = session["generate \(size)"]?.wall.median {
                let speedUp = python / generate
                targets.append(Target(name: name, measured: String(format: "%.1f×", speedUp), goal: goalText, met: speedUp >= goal))
            } else {
                targets.append(Target(name: name, measured: "–", goal: goalText, met: nil))
            }
        }
        ratio(
            "generate ÷ libical serialising, \(Self.count(largest))", ours, session["libical serialising \(largest)"]?.inner.median,
            atMost: 2, "≤ 2×")
        for (series, label) in [
            ("generate \(largest)", "peak memory, generate \(Self.count(largest))"),
            ("regenerate \(largest), 1 % changed", "peak memory, regenerate \(Self.count(largest)) with 1 % changed"),
        ] {
            if let peak = session[series]?.peakMegabytes.maximum {
                targets.append(Target(name: label, measured: String(format: "%.0f MB", peak), goal: "< 250 MB", met: peak < 250))
            }
        }
        ratio(
            "regenerate (1 % changed) ÷ fresh generate, \(Self.count(largest))",
            session["regenerate \(largest), 1 % changed"]?.wall.median, session["fresh generate \(largest) (changed input)"]?.wall.median,
            atMost: 1.5, "≤ 1.5×")
        if sizes.count > 1 {
            // Memory grows no faster than the input: peak memory per reservation at the largest
            // size is no more than at the next one down.
            let smaller = sizes[sizes.count - 2]
            let factor = Double(largest) / Double(smaller)
            ratio(
                "generate \(Self.count(largest)) ÷ generate \(Self.count(smaller))", ours, session["generate \(smaller)"]?.wall.median,
                atMost: factor * 1.1, String(format: "≤ %.1f×", factor * 1.1))
            ratio(
                "peak memory, generate \(Self.count(largest)) ÷ generate \(Self.count(smaller))",
                session["generate \(largest)"]?.peakMegabytes.maximum, session["generate \(smaller)"]?.peakMegabytes.maximum,
                atMost: factor, String(format: "≤ %.0f×", factor))
        }
        // Start-up: the "3× a trivial program" target is retired (the stack alone costs 4×); a
        // cold run must not grow past 1.6× the stack doing nothing.
        ratio(
            "cold generate of 10 ÷ the dependencies doing nothing", session["generate 10"]?.wall.median,
            session["the tool's dependencies, doing nothing"]?.wall.median, atMost: 1.6, "≤ 1.6×")
        if let stack = session["the tool's dependencies, doing nothing"]?.wall.median, let trivial = session["trivial program"]?.wall.median,
            trivial > 0
        {
            // Not a target: how much of the start-up the dependencies take before any work.
            targets.append(
                Target(name: "(for reference) the dependencies doing nothing ÷ trivial program", measured: String(format: "%.2f×", stack / trivial), goal: "–", met: nil))
        }
        return targets
    }

    private func machine() -> [String] {
        let cpu = ((try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? "").split(separator: "\n")
            .first { $0.hasPrefix("model name") }.map { String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces) } ?? "?"
        let memory = ((try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? "").split(separator: "\n").first
            .map { String($0.split(separator: " ").dropFirst().first ?? "0") }.flatMap(Double.init).map { String(format: "%.0f GiB", $0 / 1_048_576) } ?? "?"
        return [
            "\(ProcessInfo.processInfo.activeProcessorCount) processors (\(cpu)), \(memory) of memory",
            "load average at the start \(load.start), at the end \(load.end)",
        ]
    }

    private static func seconds(_ value: Double) -> String {
        value.isNaN ? "–" : value < 1 ? String(format: "%.1f ms", value * 1000) : String(format: "%.2f s", value)
    }

    private static func count(_ value: Int) -> String {
        value >= 1000 && value % 1000 == 0 ? "\(value / 1000)k" : "\(value)"
    }

    private static func date() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }
}
