import Foundation

/// The comparisons of one benchmark session, and every sample they took.
struct Session {
    let workspace: Workspace
    let runs: Int
    let peerRuns: Int
    /// Every series, by name, in the order they were measured.
    private(set) var series: [Series] = []

    init(workspace: Workspace, runs: Int, peerRuns: Int) {
        self.workspace = workspace
        self.runs = runs
        self.peerRuns = peerRuns
    }

    subscript(name: String) -> Series? {
        series.first { $0.name == name }
    }

    /// One command of a comparison.
    struct Contender {
        var name: String
        var executable: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var runs: Int
        /// Runs before each timed run, untimed: removes or restores the output.
        var prepare: () throws -> Void = {}
        /// Where standard output goes; `nil` keeps it (to read figures the command prints).
        var standardOutput: String? = "/dev/null"
        /// Reads the seconds the command measured inside itself from what it printed.
        var inner: ((String) -> Double?)?
        /// Whether to run it once, untimed, first (to have the files it reads in memory).
        var warmUp = true
    }

    /// Runs the contenders in turns until each has its runs, after one untimed run each.
    mutating func compare(_ contenders: [Contender]) throws {
        for contender in contenders where contender.warmUp {
            try contender.prepare()
            _ = try ProcessSample.run(contender.executable, contender.arguments, environment: contender.environment, standardOutput: contender.standardOutput)
        }
        var results = contenders.map { Series(name: $0.name, command: ([$0.executable] + $0.arguments).map(Self.shortened).joined(separator: " ")) }
        for round in 0..<(contenders.map(\.runs).max() ?? 0) {
            for (index, contender) in contenders.enumerated() where round < contender.runs {
                try contender.prepare()
                let sample = try ProcessSample.run(
                    contender.executable, contender.arguments, environment: contender.environment, standardOutput: contender.standardOutput)
                results[index].samples.append(sample)
                if let inner = contender.inner, let seconds = sample.output.flatMap(inner) { results[index].innerSeconds.append(seconds) }
                log(String(format: "  %@: %.3f s, %.0f MB", contender.name, sample.wall, sample.peakMegabytes))
            }
        }
        series += results
    }

    // MARK: - The comparisons

    /// A cold `generate` of 10 reservations beside a trivial program, a program with the same
    /// dependencies doing nothing, and the same binary doing nothing (`--version`).
    mutating func startUp() throws {
        log("start-up")
        let input = try workspace.dataset(10)
        let output = workspace.path("cold.ics")
        let starts = max(runs * 4, 20)
        try compare([
            Contender(name: "trivial program", executable: workspace.trivial, arguments: [], runs: starts),
            Contender(
                name: "the tool's dependencies, doing nothing", executable: workspace.stackFloor,
                arguments: ["generate", input, "-o", output, "--now", BenchmarkCommand.now, "-q"], runs: starts),
            Contender(name: "reservation-feed --version", executable: workspace.reservationFeed, arguments: ["--version"], runs: starts),
            Contender(
                name: "generate 10", executable: workspace.reservationFeed,
                arguments: ["generate", input, "-o", output, "--now", BenchmarkCommand.now, "-q"], runs: starts,
                prepare: { try? FileManager.default.removeItem(atPath: output) }),
        ])
    }

    /// A fresh `generate` of `size` reservations beside the peers on the same input, and libical
    /// serialising the events it wrote.
    mutating func generate(_ size: Int, python: String?, kde: String?) throws {
        log("\(size) reservations")
        let input = try workspace.dataset(size)
        let output = workspace.path("ours-\(size).ics")
        var contenders = [
            Contender(
                name: "generate \(size)", executable: workspace.reservationFeed,
                arguments: ["generate", input, "-o", output, "--now", BenchmarkCommand.now, "-q"], runs: runs,
                prepare: { try? FileManager.default.removeItem(atPath: output) })
        ]
        if let python {
            let peer = workspace.repository.appendingPathComponent("Benchmarks/Peers/python_icalendar_feed.py").path
            contenders.append(
                Contender(
                    name: "python icalendar \(size)", executable: python, arguments: [peer, input, workspace.path("python-\(size).ics")],
                    runs: peerRuns, warmUp: size <= 10_000))
        }
        if let kde {
            contenders.append(
                Contender(
                    name: "KDE extractor \(size)", executable: kde, arguments: ["-o", "iCal", input],
                    environment: ["QT_QPA_PLATFORM": "offscreen"], runs: peerRuns, standardOutput: workspace.path("kde-\(size).ics")))
        }
        try compare(contenders)

        // libical on the very events written above.
        let feed = workspace.path("floor-input-\(size).ics")
        try? FileManager.default.removeItem(atPath: feed)
        try FileManager.default.copyItem(atPath: output, toPath: feed)
        try compare([
            Contender(
                name: "libical serialising \(size)", executable: workspace.libicalFloor, arguments: [feed, workspace.path("floor-\(size).ics")],
                runs: runs, standardOutput: nil, inner: { Self.figure("serialise", in: $0) }),
            Contender(
                name: "libical copying and serialising \(size)", executable: workspace.libicalFloor,
                arguments: [feed, workspace.path("floor-\(size).ics")], runs: runs, standardOutput: nil,
                inner: { Self.figure("copy_serialise", in: $0) }, warmUp: false),
        ])
    }

    /// Regenerating the feed of `size` reservations after 1 % of them changed, beside a fresh
    /// generate of the same input.
    mutating func regenerate(_ size: Int) throws {
        log("regenerating \(size) reservations, 1 % changed")
        let input = try workspace.dataset(size)
        let changed = try workspace.changedDataset(size)
        let previous = workspace.path("previous-\(size).ics")
        let fresh = workspace.path("fresh-\(size).ics")
        let regenerated = workspace.path("regenerated-\(size).ics")
        _ = try ProcessSample.run(workspace.reservationFeed, ["generate", input, "-o", previous, "--now", BenchmarkCommand.now, "-q"])
        try compare([
            Contender(
                name: "fresh generate \(size) (changed input)", executable: workspace.reservationFeed,
                arguments: ["generate", changed, "-o", fresh, "--now", BenchmarkCommand.now, "-q"], runs: runs,
                prepare: { try? FileManager.default.removeItem(atPath: fresh) }),
            Contender(
                name: "regenerate \(size), 1 % changed", executable: workspace.reservationFeed,
                arguments: ["generate", changed, "-o", regenerated, "--now", "2026-01-02T00:00:00Z", "-q"], runs: runs,
                prepare: {
                    try? FileManager.default.removeItem(atPath: regenerated)
                    try FileManager.default.copyItem(atPath: previous, toPath: regenerated)
                }),
        ])
    }

    /// `name=1.234` in what a command printed.
    private static func figure(_ name: String, in text: String) -> Double? {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).lazy.compactMap { field -> Double? in
            let parts = field.split(separator: "=")
            return parts.count == 2 && parts[0] == name ? Double(parts[1]) : nil
        }.first
    }

    /// A path shown from its last two components, to keep the report readable.
    private static func shortened(_ argument: String) -> String {
        guard argument.hasPrefix("/") else { return argument }
        return URL(fileURLWithPath: argument).pathComponents.suffix(2).joined(separator: "/")
    }
}
