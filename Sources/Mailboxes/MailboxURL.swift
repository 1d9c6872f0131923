import Diagnostics

/// An IMAP folder as RFC 5092 names it: `imaps://me@mail.example.com/INBOX`,
/// `imap://me@localhost:1143/Travel%2F2027`.
///
/// `imaps` is TLS from the start (port 993 unless given); `imap` is port 143 with STARTTLS when
/// the server offers it. The user name and folder are percent-decoded; a password in the URL is
/// refused, because command lines and their URLs are seen by every user of the machine.
public struct MailboxURL: Sendable, Hashable, CustomStringConvertible {
    /// How the connection is protected.
    public enum Security: String, Sendable, Hashable {
        /// TLS from the first byte (`imaps://`).
        case tls = "imaps"
        /// Plain at first, then STARTTLS when the server offers it (`imap://`).
        case startTLS = "imap"
    }

    /// How the connection is protected.
    public var security: Security
    /// The user name, decoded.
    public var user: String
    /// The server's host name or address (IPv6 without brackets).
    public var host: String
    /// The port.
    public var port: UInt16
    /// The folder, decoded (`INBOX`, `Travel/2027`).
    public var folder: String

    /// Why a text is not an IMAP folder's URL.
    public struct ParseError: Error, Sendable, Equatable, DiagnosticMessageConvertible {
        /// What is wrong, kept as its parts until it is said.
        public var message: DiagnosticMessage
        public var description: String { message.description }

        init(_ message: DiagnosticMessage) {
            self.message = message
        }
    }

    /// Whether a command-line input names an IMAP folder rather than a file.
    public static func looksLikeMailbox(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("imap://") || lower.hasPrefix("imaps://")
    }

    /// Parses an `imap://` or `imaps://` URL.
    public init(_ text: String) throws(ParseError) {
        guard let schemeEnd = text.firstRange(of: "://") else { throw ParseError("\(Self.redacted(text)) is not an imap:// or imaps:// URL") }
        guard let security = Security(rawValue: text[..<schemeEnd.lowerBound].lowercased()) else {
            throw ParseError("\(Self.redacted(text)) is not an imap:// or imaps:// URL")
        }
        self.security = security
        var rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        rest = authorityEnd < rest.endIndex ? rest[rest.index(after: authorityEnd)...] : ""
        guard let at = authority.lastIndex(of: "@") else {
            throw ParseError("\(Self.redacted(text)): name the user before the host (imaps://USER@HOST/FOLDER)")
        }
        let userInfo = authority[..<at]
        if userInfo.contains(":") {
            throw ParseError(
                "\(Self.redacted(text)): a password does not belong in the URL (anyone on this machine can read command lines); use ~/.netrc, RESERVATION_FEED_IMAP_PASSWORD or \(setting: Setting("mail-password-file"))")
        }
        // ;AUTH=… (RFC 5092) names a login mechanism; the user's name is before it.
        let userPart = userInfo.split(separator: ";", maxSplits: 1).first ?? ""
        guard let user = Self.percentDecoded(userPart), !user.isEmpty else { throw ParseError("\(Self.redacted(text)): the user name is missing or badly encoded") }
        self.user = user
        authority = authority[authority.index(after: at)...]
        var portText: Substring? = nil
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw ParseError("\(Self.redacted(text)): an IPv6 address needs its closing ]") }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        guard !host.isEmpty else { throw ParseError("\(Self.redacted(text)): the host is missing") }
        if let portText {
            guard let port = UInt16(portText), port > 0 else { throw ParseError("\(Self.redacted(text)): \(portText) is not a port") }
            self.port = port
        } else {
            port = security == .tls ? 993 : 143
        }
        // The folder; RFC 5092's ;UIDVALIDITY=… and the rest of a message's URL are not for inputs.
        let path = rest.split(separator: ";", maxSplits: 1).first ?? ""
        let trimmed = path.hasSuffix("/") ? path.dropLast() : path
        guard let folder = Self.percentDecoded(trimmed) else { throw ParseError("\(Self.redacted(text)): the folder name is badly encoded") }
        self.folder = folder.isEmpty ? "INBOX" : folder
    }

    /// Creates a URL from its parts.
    public init(security: Security, user: String, host: String, port: UInt16? = nil, folder: String) {
        self.security = security
        self.user = user
        self.host = host
        self.port = port ?? (security == .tls ? 993 : 143)
        self.folder = folder
    }

    /// The URL as messages show it, in RFC 5092 form, never with a password:
    /// `imaps://me@mail.example.com/INBOX` (the port only when it is not the usual one).
    public var description: String {
        let hostText = host.contains(":") ? "[\(host)]" : host
        let usualPort: UInt16 = security == .tls ? 993 : 143
        let portText = port == usualPort ? "" : ":\(port)"
        return "\(security.rawValue)://\(Self.percentEncoded(user))@\(hostText)\(portText)/\(Self.percentEncoded(folder, keepingSlash: true))"
    }

    /// Whether the server is this machine, where a password may travel without TLS.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// A text with anything between `//` and the last `@` taken out, for messages about URLs that
    /// may hold a password (one with `@` or `/` in it too): rather too much than a password.
    static func redacted(_ text: String) -> String {
        guard let start = text.firstRange(of: "://"), let at = text[start.upperBound...].lastIndex(of: "@") else { return text }
        return text[..<start.upperBound] + "…" + text[at...]
    }

    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex, utf8.index(after: first) < utf8.endIndex,
                    let value = UInt8(String(decoding: [utf8[first], utf8[utf8.index(after: first)]], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
                index = utf8.index(first, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func percentEncoded(_ text: String, keepingSlash: Bool = false) -> String {
        var result = ""
        for byte in text.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (character.isLetter || character.isNumber || "-._~".contains(character) || (keepingSlash && byte == UInt8(ascii: "/"))) {
                result.append(character)
            } else {
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
