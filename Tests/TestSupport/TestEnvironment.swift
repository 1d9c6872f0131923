import Foundation

/// The environment the tests run the programs in: this process's, with the person's state
/// (`XDG_STATE_HOME`: sign-ins, publish state, the view key) in a folder of the test run's own
/// rather than the home folder of whoever runs the tests, unless a test names one.
public enum TestEnvironment {
    /// The test run's state folder, made once.
    public static let stateHome: String = {
        let path = NSTemporaryDirectory() + "reservation-feed-tests-state-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }()

    /// This process's variables, the test run's state folder, then `extra` on top.
    public static func variables(_ extra: [String: String] = [:]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment
        variables["XDG_STATE_HOME"] = stateHome
        return variables.merging(extra) { $1 }
    }

    /// A view key of the tests' own (`--view-key`), the same in every run, so that golden views
    /// stay the same: written once, mode 0600.
    public static let viewKey = "reservation-feed-tests-view-key-0001"
    public static let viewKeyFile: String = {
        let path = stateHome + "/tests-view-key"
        FileManager.default.createFile(atPath: path, contents: Data((viewKey + "\n").utf8), attributes: [.posixPermissions: 0o600])
        return path
    }()
}
