import Foundation
import ProgramSupport

/// Opens an address in the person's browser, as other command-line programs do: the program
/// `BROWSER` names (a list separated by `:`, the first that can be started; `%s` in it stands
/// for the address), else `xdg-open` where a desktop session runs (`DISPLAY` or
/// `WAYLAND_DISPLAY`). Where neither is, nothing is opened and the caller prints the address.
struct Browser {
    let environment: [String: String]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Opens `url`; whether a browser was started. Its own output goes nowhere, and it is reaped
    /// when it ends.
    func open(_ url: String) -> Bool {
        for (program, arguments) in commands(for: url) {
            guard let executable = Self.find(program, path: environment["PATH"] ?? "/usr/bin:/bin") else { continue }
            guard
                let pid = try? ChildProcess.spawn(
                    executable, arguments, environment: environment,
                    streams: [.path("/dev/null", O_RDONLY), .path("/dev/null", O_WRONLY), .path("/dev/null", O_WRONLY)])
            else { continue }
            DetachedThread.start { _ = ChildProcess.wait(pid) }
            return true
        }
        return false
    }

    /// The programs to try, in order, each with its arguments.
    func commands(for url: String) -> [(program: String, arguments: [String])] {
        var commands: [(String, [String])] = []
        for entry in (environment["BROWSER"] ?? "").split(separator: ":") {
            var words = entry.split(separator: " ").map(String.init)
            guard !words.isEmpty else { continue }
            let program = words.removeFirst()
            commands.append((program, words.contains { $0.contains("%s") } ? words.map { $0.replacingOccurrences(of: "%s", with: url) } : words + [url]))
        }
        if !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            commands.append(("xdg-open", [url]))
        }
        return commands
    }

    /// `program` where `path` finds it (itself when it names a path).
    static func find(_ program: String, path: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for folder in path.split(separator: ":") where access("\(folder)/\(program)", X_OK) == 0 {
            return "\(folder)/\(program)"
        }
        return nil
    }
}
