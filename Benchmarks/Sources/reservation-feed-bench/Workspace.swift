import Foundation

/// Where the programs and inputs of a benchmark session are, and how they are made.
struct Workspace {
    /// The repository (the main package).
    let repository: URL
    /// A folder for inputs and outputs.
    let folder: URL

    /// The reservation-feed binary, built in release mode.
    private(set) var reservationFeed = ""
    /// The programs of this package, beside the harness.
    let libicalFloor: String
    let trivial: String
    let stackFloor: String

    init(repository: URL, folder: URL) throws {
        self.repository = repository
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        libicalFloor = here.appendingPathComponent("libical-floor").path
        trivial = here.appendingPathComponent("trivial").path
        stackFloor = here.appendingPathComponent("stack-floor").path
    }

    /// Builds the programs beside the harness that `swift run` did not (it builds the harness
    /// alone), in the same configuration as the harness.
    func buildPrograms() throws {
        let missing = [libicalFloor, trivial, stackFloor].filter { !FileManager.default.isExecutableFile(atPath: $0) }
        guard !missing.isEmpty else { return }
        let swift = try Self.which("swift")
        let here = URL(fileURLWithPath: libicalFloor).deletingLastPathComponent()
        let configuration = here.lastPathComponent == "debug" ? "debug" : "release"
        for program in missing {
            let name = URL(fileURLWithPath: program).lastPathComponent
            log("building \(name) (swift build -c \(configuration))...")
            _ = try ProcessSample.run(
                swift, ["build", "-c", configuration, "--package-path", repository.appendingPathComponent("Benchmarks").path, "--product", name],
                standardOutput: nil)
            guard FileManager.default.isExecutableFile(atPath: program) else {
                throw ProcessFailure(command: program, reason: "still missing after swift build --product \(name)")
            }
        }
    }

    /// Builds reservation-feed in release mode, as users install it.
    mutating func buildReservationFeed() throws {
        let swift = try Self.which("swift")
        log("building reservation-feed (swift build -c release)...")
        for product in ["reservation-feed", "reservation-feed-mail"] {
            _ = try ProcessSample.run(swift, ["build", "-c", "release", "--package-path", repository.path, "--product", product], standardOutput: nil)
        }
        // KDE's extractor kept running, where KDE's development packages are (the package only
        // has that product then): without it, documents go to kitinerary-extractor one by one.
        _ = try? ProcessSample.run(
            swift, ["build", "-c", "release", "--package-path", repository.path, "--product", "reservation-feed-kitinerary"], standardOutput: nil)
        let binFolder = try ProcessSample.run(
            swift, ["build", "-c", "release", "--package-path", repository.path, "--show-bin-path"], standardOutput: nil)
        reservationFeed = (binFolder.output ?? "").trimmingCharacters(in: .whitespacesAndNewlines) + "/reservation-feed"
    }

    /// The schema.org input of `count` reservations, generated once.
    func dataset(_ count: Int) throws -> String {
        let path = folder.appendingPathComponent("reservations-\(count).json").path
        if !FileManager.default.fileExists(atPath: path) {
            let generator = repository.appendingPathComponent("Benchmarks/Tools/make_reservations.py").path
            log("generating \(count) reservations...")
            _ = try ProcessSample.run(try Self.which("python3"), [generator, String(count), path])
        }
        return path
    }

    /// The same input with 1 % of the reservations changed: every hundredth traveller's name,
    /// which every category puts in its notes, so each of those events is updated.
    func changedDataset(_ count: Int) throws -> String {
        let path = folder.appendingPathComponent("reservations-\(count)-changed.json").path
        if !FileManager.default.fileExists(atPath: path) {
            let text = try String(contentsOfFile: try dataset(count), encoding: .utf8)
            let changed = text.replacingOccurrences(
                of: #""Traveller ([0-9]*00)""#, with: #""Traveller $1 (renamed)""#, options: .regularExpression)
            guard changed != text else { throw ProcessFailure(command: "changedDataset", reason: "no traveller names to change") }
            try changed.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return path
    }

    /// A python with the `icalendar` package: the test tools' own environment, made on first use.
    func pythonWithICalendar() throws -> String {
        let tools = repository.appendingPathComponent("Tests/Tools/python").path
        let sample = try ProcessSample.run(tools, ["-c", "import sys, icalendar; print(sys.executable, icalendar.__version__)"], standardOutput: nil)
        let fields = (sample.output ?? "").split(separator: " ")
        guard let executable = fields.first else { throw ProcessFailure(command: tools, reason: "no python found") }
        log("python peer: icalendar \(fields.dropFirst().joined().trimmingCharacters(in: .whitespacesAndNewlines))")
        return String(executable)
    }

    /// KDE's extractor, when installed (Debian `libkpimitinerary-bin`).
    var kdeExtractor: String? {
        let path = "/usr/lib/x86_64-linux-gnu/libexec/kf5/kitinerary-extractor"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    static func which(_ program: String) throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ProcessFailure(command: program, reason: "not found on PATH")
    }
}

/// Progress, on standard error, so that standard output is the report alone.
func log(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
