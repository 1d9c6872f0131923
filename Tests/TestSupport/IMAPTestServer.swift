import Foundation

/// Dovecot (Debian `dovecot-imapd`), started for a test on free loopback ports with mail storage,
/// a certificate authority and a user of its own, and stopped when the value goes away.
///
/// It listens for IMAP over TLS (`imaps://`) and for plain IMAP with STARTTLS (`imap://`); its
/// certificate is signed by a test authority whose PEM file ``caFile`` is, which the program
/// under test trusts through `SSL_CERT_FILE`. Folders are changed through Python's imaplib
/// (`Tests/Tools/imap_tool.py`), and ``bodiesSent`` reads from Dovecot's own log how many
/// message bodies it sent, so that a test can tell what a run downloaded.
public final class IMAPTestServer: @unchecked Sendable {
    /// The user and password Dovecot accepts.
    public static let user = "traveller"
    public static let password = "s3cret-app-password"
    /// The user its folders are changed as (``tool(_:)``): ``user``, unless another was given.
    public let login: String
    /// The TLS port and the STARTTLS port.
    public let tlsPort: Int
    public let plainPort: Int
    /// The PEM file of the authority that signed the server's certificate.
    public let caFile: String
    public let folder: TemporaryFolder
    private let configuration: String
    private var process: Process?

    /// Why the server could not be started: the test fails with this, loudly.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Makes the certificates and configuration, and starts the server.
    ///
    /// - Parameters:
    ///   - idle: Whether the server offers IDLE (RFC 2177); without it, clients poll.
    ///   - oauth: An authorization server whose tokens it takes, by SASL `mechanisms` (`xoauth2`,
    ///     `oauthbearer`), each token introspected there (RFC 7662, as the `introspector`
    ///     client) through Dovecot's `oauth2` passdb, the login name's local part compared with
    ///     the token's user (Gmail's and Outlook's login names are addresses).
    ///   - login: The user (with the password ``password``) for changing its folders.
    public init(idle: Bool = true, oauth: (server: OAuthTestServer, mechanisms: [String])? = nil, login: String = IMAPTestServer.user) throws {
        self.login = login
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/dovecot") else {
            throw Failure(description: "Dovecot is not installed (Debian: apt-get install dovecot-imapd; .ci/setup tests installs it): the IMAP tests cannot run")
        }
        folder = try TemporaryFolder("dovecot")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        tlsPort = try LoopbackPort.free()
        plainPort = try LoopbackPort.free()
        caFile = folder.path("ca.pem")
        try Self.shell(
            """
            cd '\(folder.url.path)'
            openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=ReservationFeed test CA" \
              -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign"
            openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=localhost"
            printf "subjectAltName=DNS:localhost,IP:127.0.0.1\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n" > server.ext
            openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile server.ext
            mkdir -p run state mail
            """)
        // Dovecot refuses to deliver mail as root; as root, the mail belongs to nobody.
        let isRoot = getuid() == 0
        let (uid, gid) = isRoot ? (65534, 65534) : (Int(getuid()), Int(getgid()))
        if isRoot { chown(folder.path("mail"), uid_t(uid), gid_t(gid)) }
        let base = folder.url.path
        let users = try folder.write("users", "\(login):{PLAIN}\(Self.password)\n")
        var settings = """
            base_dir = \(base)/run
            state_dir = \(base)/state
            instance_name = reservation-feed-test-\(tlsPort)
            protocols = imap
            listen = 127.0.0.1
            service imap-login {
              inet_listener imap {
                address = 127.0.0.1
                port = \(plainPort)
              }
              inet_listener imaps {
                address = 127.0.0.1
                port = \(tlsPort)
                ssl = yes
              }
            }
            ssl = yes
            ssl_cert = <\(base)/server.pem
            ssl_key = <\(base)/server.key
            auth_mechanisms = plain login \(oauth?.server == nil ? "" : oauth!.mechanisms.joined(separator: " "))
            passdb {
              driver = passwd-file
              args = scheme=PLAIN username_format=%u \(users)
            }
            userdb {
              driver = static
              args = uid=\(uid) gid=\(gid) home=\(base)/mail/%u
            }
            mail_location = maildir:~/Maildir
            log_path = \(base)/dovecot.log
            info_log_path = \(base)/dovecot.log

            """
        if let oauth {
            let introspection = URLComponents(url: oauth.server.issuer.appendingPathComponent("introspect/"), resolvingAgainstBaseURL: false)!
            let oauthSettings = try folder.write(
                "oauth2.conf.ext",
                """
                introspection_mode = post
                introspection_url = http://\(oauth.server.introspector.id):\(oauth.server.introspector.secret)@\(introspection.host!):\(introspection.port!)\(introspection.path)
                force_introspection = yes
                username_attribute = username
                username_format = %Ln
                active_attribute = active
                active_value = true
                scope = mail

                """)
            settings += """
                passdb {
                  driver = oauth2
                  mechanisms = \(oauth.mechanisms.joined(separator: " "))
                  args = \(oauthSettings)
                }

                """
        }
        if !idle {
            // What Dovecot offers after login, IDLE left out.
            settings += "imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE SORT UIDPLUS LITERAL+ MOVE\n"
        }
        if isRoot {
            settings += "default_login_user = dovenull\ndefault_internal_user = dovecot\n"
        } else {
            let name = String(cString: getpwuid(getuid()).pointee.pw_name)
            settings += "default_login_user = \(name)\ndefault_internal_user = \(name)\n"
        }
        configuration = try folder.write("dovecot.conf", settings)
        try start()
    }

    deinit {
        stop()
    }

    /// `imaps://traveller@localhost:PORT/FOLDER`, or with `startTLS` the `imap://` one.
    public func url(_ mailFolder: String = "INBOX", startTLS: Bool = false) -> String {
        let encoded = mailFolder.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? mailFolder
        return startTLS ? "imap://\(Self.user)@localhost:\(plainPort)/\(encoded)" : "imaps://\(Self.user)@localhost:\(tlsPort)/\(encoded)"
    }

    /// The environment the program under test needs: the test authority trusted, the password,
    /// and a cache of the test's own.
    public func environment(cache: String) -> [String: String] {
        ["SSL_CERT_FILE": caFile, "RESERVATION_FEED_IMAP_PASSWORD": Self.password, "XDG_CACHE_HOME": cache]
    }

    /// Starts the server and waits until it accepts connections.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/dovecot")
        process.arguments = ["-F", "-c", configuration]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if LoopbackPort.accepts(tlsPort) && LoopbackPort.accepts(plainPort) { return }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        throw Failure(description: "Dovecot did not start: \(log)")
    }

    /// Stops the server, as a server that goes down.
    public func stop() {
        guard let process, process.isRunning else { return }
        // Dovecot's master waits for its children on SIGTERM; a server that goes down does not.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        _ = try? ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pkill"), ["-KILL", "-f", "dovecot-reservation-feed-test-\(tlsPort)/"])
        for _ in 0..<50 where LoopbackPort.accepts(tlsPort) || LoopbackPort.accepts(plainPort) { usleep(100_000) }
    }

    /// Changes a folder through Python's imaplib (see `Tests/Tools/imap_tool.py`).
    @discardableResult
    public func tool(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Repository.url("Tests/Tools/imap_tool.py").path, "\(tlsPort)", caFile, login, Self.password] + arguments)
        guard result.status == 0 else { throw Failure(description: "imap_tool.py \(arguments): \(result.standardError)") }
        return result.standardOutput
    }

    /// Appends the files to a folder, made when it does not exist.
    public func append(_ paths: [String], to mailFolder: String = "INBOX") throws {
        try tool(["append", mailFolder] + paths.map { $0.hasPrefix("/") ? $0 : Repository.url($0).path })
    }

    /// Dovecot's log.
    public var log: String {
        (try? String(contentsOfFile: folder.path("dovecot.log"), encoding: .utf8)) ?? ""
    }

    /// How many message bodies Dovecot has sent to anyone, from its log (`body_count=`), and how
    /// many sessions logged in.
    public var bodiesSent: Int {
        log.split(separator: "\n").reduce(0) { total, line in
            guard let range = line.range(of: "body_count=") else { return total }
            return total + (Int(line[range.upperBound...].prefix { $0.isNumber }) ?? 0)
        }
    }

    private static func shell(_ script: String) throws {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-ec", script])
        guard result.status == 0 else { throw Failure(description: "making the test certificates failed: \(result.standardError)") }
    }
}
