import Foundation

/// DKIM keys a test makes, and e-mails signed with them by dkimpy (an implementation independent
/// of libopendkim, which the code under test uses), through `Tests/Tools/dkim_tool.py`.
///
/// The public keys are written to ``keysFile`` in OpenDKIM's `TestPublicKeys` format, which
/// `--dkim-keys` reads in place of DNS.
///
/// ```swift
/// let keys = try DKIMTestKeys()
/// try keys.make(selector: "s1", domain: "united.com")
/// let signed = try keys.sign(message, selector: "s1", domain: "united.com")
/// ```
public final class DKIMTestKeys: Sendable {
    /// The kinds of key.
    public enum Kind: String, Sendable {
        case rsa
        case ed25519
    }

    /// Where the keys live.
    public let folder: TemporaryFolder
    /// The public keys, one a line.
    public let keysFile: String

    /// An empty set of keys in a folder of its own.
    public init() throws {
        folder = try TemporaryFolder("dkim-keys")
        keysFile = folder.path("keys.txt")
        try Data().write(to: URL(fileURLWithPath: keysFile))
    }

    /// Makes a key pair for `selector` of `domain`, its public key added to ``keysFile``;
    /// `testing` publishes it in testing mode (`t=y`).
    public func make(selector: String, domain: String, kind: Kind = .rsa, testing: Bool = false) throws {
        let output = try Self.tool(["newkey", keysFile, folder.path("private"), selector, domain, kind.rawValue] + (testing ? ["--testing"] : []))
        guard output.status == 0 else { throw Failure(message: "dkim_tool.py newkey: \(output.standardError)") }
    }

    /// The message signed by the key of `selector` of `domain`.
    ///
    /// - Parameters:
    ///   - message: The message, with LF or CRLF line ends; it is signed in its CRLF form.
    ///   - kind: The key's kind, which sets the algorithm (`rsa-sha256`, `ed25519-sha256`).
    ///   - length: Whether to add a body-length tag (`l=`) that covers the body as it is.
    ///   - canonicalization: The canonicalizations of the header and the body (`c=`):
    ///     `relaxed/simple` when not given, dkimpy's default.
    ///   - timestamp: The signature's time (`t=`), in seconds since 1970; now when not given.
    ///   - expiry: When it expires (`x=`), in seconds since 1970; never when not given.
    ///   - headers: The header fields the signature signs (`h=`), in order, lower case: each of
    ///     From, To, Subject, Date, Message-ID, MIME-Version and Content-Type the message has when
    ///     not given. Leaving `date` out makes a signature whose message may be replayed with a
    ///     new date.
    ///   - algorithm: The algorithm (`a=`) when not the one `kind` sets: `rsa-sha1`, which
    ///     RFC 8301 retired.
    public func sign(
        _ message: String, selector: String, domain: String, kind: Kind = .rsa, length: Bool = false, canonicalization: String? = nil,
        timestamp: Int64? = nil, expiry: Int64? = nil, headers: [String]? = nil, algorithm: String? = nil
    ) throws -> String {
        var arguments = ["sign", folder.path("private"), selector, domain]
        if let algorithm {
            arguments += ["--algorithm", algorithm]
        } else if kind == .ed25519 {
            arguments += ["--algorithm", "ed25519-sha256"]
        }
        if let headers { arguments += ["--headers", headers.joined(separator: ":")] }
        if length { arguments.append("--length") }
        if let canonicalization { arguments += ["--canonicalization", canonicalization] }
        if let timestamp { arguments += ["--timestamp", String(timestamp)] }
        if let expiry { arguments += ["--expire", String(expiry)] }
        let output = try Self.tool(arguments, input: Data(message.utf8))
        guard output.status == 0 else { throw Failure(message: "dkim_tool.py sign: \(output.standardError)") }
        return output.standardOutput
    }

    private static func tool(_ arguments: [String], input: Data = Data()) throws -> ProcessOutput {
        try ProcessRunner.run(
            Repository.url("Tests/Tools/python"), [Repository.url("Tests/Tools/dkim_tool.py").path] + arguments, input: input)
    }

    /// Why the tool failed.
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
