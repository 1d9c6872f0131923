import Foundation

/// A PostgreSQL cluster of a test's own, for DAViCal: made with `initdb` in the test's folder,
/// listening on a socket there and on no network address, with DAViCal's database made by
/// DAViCal's own script and its user `ada` (password `lovelace`). Stopped with ``stop()``.
///
/// PostgreSQL refuses to run as root: as root, it runs as the `postgres` user Debian's package
/// makes, with the folder handed to it.
final class PostgreSQL: @unchecked Sendable {
    private let data: String
    private let pgCtl: String
    private let asUser: [String]

    /// `initdb`'s folder (the newest PostgreSQL installed), or `nil` when there is none.
    static var binaries: String? {
        guard let versions = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql") else { return nil }
        return versions.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.reversed().map { "/usr/lib/postgresql/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    init(folder: TemporaryFolder) throws {
        guard let binaries = Self.binaries else { throw CalDAVTestServer.Failure(description: "PostgreSQL is not installed (Debian: postgresql)") }
        data = folder.path("postgresql")
        pgCtl = binaries + "/pg_ctl"
        let socket = folder.path("socket")
        try FileManager.default.createDirectory(atPath: socket, withIntermediateDirectories: true)
        asUser = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        if getuid() == 0 {
            _ = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/chown"), ["-R", "postgres", folder.url.path])
            // The folders above must let the postgres user through.
            chmod(folder.url.path, 0o755)
        }
        try run([binaries + "/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], "initdb")
        try run(
            [pgCtl, "-D", data, "-o", "-k \(socket) -p 5432 -c listen_addresses='' -c fsync=off", "-l", folder.path("postgresql.log"), "-w", "start"],
            "pg_ctl start")
        let environment = ["PGHOST": socket, "PGPORT": "5432", "PGUSER": "postgres", "USER": "postgres"]
        try run(["/usr/share/davical/dba/create-database.sh", "davical", CalDAVTestServer.password], "DAViCal's create-database.sh", environment: environment)
        // The script makes the administrator `admin`; the tests' user is `ada`.
        try run(
            ["\(binaries)/../../../../bin/psql", "-qXAt", "-c", "UPDATE usr SET username = '\(CalDAVTestServer.user)' WHERE username = 'admin';", "davical"],
            "psql", environment: environment)
    }

    private func run(_ command: [String], _ name: String, environment: [String: String] = [:]) throws {
        var arguments = asUser
        if !environment.isEmpty {
            arguments += ["/usr/bin/env"] + environment.map { "\($0.key)=\($0.value)" }
        }
        arguments += command
        let result = try ProcessRunner.run(URL(fileURLWithPath: arguments[0]), Array(arguments.dropFirst()), currentDirectory: URL(fileURLWithPath: "/tmp"))
        guard result.status == 0 else {
            throw CalDAVTestServer.Failure(description: "\(name) failed (\(result.status)): \(result.standardError.suffix(600))")
        }
    }

    /// Stops the cluster at once.
    func stop() {
        try? run([pgCtl, "-D", data, "-m", "immediate", "stop"], "pg_ctl stop")
    }
}
