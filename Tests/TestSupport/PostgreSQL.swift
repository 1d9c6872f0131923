import Foundation

/// A PostgreSQL server of a test's own, for DAViCal: a cluster made with `initdb` in the test's
/// folder, the server run in the foreground as a child (like the other servers the tests start),
/// listening on a socket there and on no network address, with DAViCal's database made by
/// DAViCal's own script and its user `ada` (password `lovelace`). Stopped with ``stop()``.
///
/// PostgreSQL refuses to run as root: as root, every command runs as the `postgres` user Debian's
/// package makes, through `setpriv` (which becomes the user in the same process, so that the
/// server is this test's child).
final class PostgreSQL: @unchecked Sendable {
    private let server = Process()
    private let asUser: [String]

    /// The folder of `initdb` and `postgres` (the newest PostgreSQL installed), or `nil`.
    static var binaries: String? {
        guard let versions = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql") else { return nil }
        return versions.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.reversed().map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    init(folder: TemporaryFolder) throws {
        guard let binaries = Self.binaries else { throw CalDAVTestServer.Failure(description: "PostgreSQL is not installed (Debian: postgresql)") }
        let data = folder.path("postgresql")
        let socket = folder.path("socket")
        try FileManager.default.createDirectory(atPath: socket, withIntermediateDirectories: true)
        asUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"] : []
        if getuid() == 0 {
            _ = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/chown"), ["-R", "postgres", folder.url.path])
            chmod(folder.url.path, 0o755)
        }
        try Self.run(asUser + [binaries + "/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], "initdb")
        let command = asUser + [binaries + "/postgres", "-D", data, "-k", socket, "-p", "5432", "-c", "listen_addresses=", "-c", "fsync=off"]
        server.executableURL = URL(fileURLWithPath: command[0])
        server.arguments = Array(command.dropFirst())
        server.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: socket + "/.s.PGSQL.5432") {
            guard Date() < deadline, server.isRunning else {
                stop()
                throw CalDAVTestServer.Failure(description: "PostgreSQL did not start in \(data)")
            }
            usleep(50_000)
        }
        let environment = ["/usr/bin/env", "PGHOST=\(socket)", "PGPORT=5432", "PGUSER=postgres", "USER=postgres", "PATH=\(binaries):/usr/bin:/bin"]
        try Self.run(asUser + environment + ["/usr/share/davical/dba/create-database.sh", "davical", CalDAVTestServer.password], "DAViCal's create-database.sh")
        // The script makes the administrator `admin`; the tests' user is `ada`.
        try Self.run(
            asUser + environment + ["psql", "-qXAt", "-c", "UPDATE usr SET username = '\(CalDAVTestServer.user)' WHERE username = 'admin';", "davical"], "psql")
    }

    private static func run(_ command: [String], _ name: String) throws {
        let result = try ProcessRunner.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), currentDirectory: URL(fileURLWithPath: "/tmp"))
        guard result.status == 0 else {
            throw CalDAVTestServer.Failure(description: "\(name) failed (\(result.status)): \(result.standardError.suffix(600))")
        }
    }

    /// Stops the server at once (SIGQUIT: an immediate shutdown; its children follow).
    func stop() {
        guard server.isRunning else { return }
        kill(server.processIdentifier, SIGQUIT)
    }
}
