import Chrono
import Foundation
import PublicSuffix

/// An `Authentication-Results` header field (RFC 8601): what a receiving server (its
/// authserv-id, `mx.google.com`) found when it checked a message on arrival.
///
/// ```swift
/// let field = AuthenticationResults(parsing: "mx.google.com; dkim=pass header.i=@united.com; dmarc=pass (p=REJECT) header.from=united.com")
/// field?.results.map(\.method)   // ["dkim", "dmarc"]
/// ```
public struct AuthenticationResults: Sendable, Hashable, Codable {
    /// The server that checked, lower case (`mx.google.com`).
    public var server: String
    /// What it found, method by method.
    public var results: [Result]
    /// The hosts that the `Received` fields above this one name as their receiver (`by`), top
    /// down: the servers the message passed after this field was written.
    var receivedAbove: [String]
    /// The `Received` field the server's own organization added beside this one, at the same
    /// hop: proof that the message passed that server (``Hop``); `nil` when neither the nearest
    /// `Received` above the field nor the nearest below it was added by a host of the server's
    /// organization, so that the field may have been written by anyone.
    var hop: Hop?

    /// Where a server that wrote an `Authentication-Results` field took the message in.
    public struct Hop: Sendable, Hashable, Codable {
        /// The receiving host of that `Received` field (`mx.google.com`), lower case.
        var receiver: String
        /// When it took the message in (the field's date), if the field gives one.
        public var date: Instant?

        /// Creates a hop.
        public init(receiver: String, date: Instant? = nil) {
            self.receiver = receiver
            self.date = date
        }
    }

    /// One method's result: `dkim=pass header.d=united.com`.
    public struct Result: Sendable, Hashable, Codable {
        /// The method, lower case (`dkim`, `dmarc`, `spf`).
        public var method: String
        /// The result, lower case (`pass`, `fail`, `none`...).
        public var result: String
        /// The properties, by `ptype.property` in lower case (`header.d`, `header.i`, `header.from`).
        public var properties: [String: String]

        /// Creates a result.
        public init(method: String, result: String, properties: [String: String] = [:]) {
            self.method = method
            self.result = result
            self.properties = properties
        }

        /// For a DKIM result, the domain whose signature it reports: `header.d`, else the domain
        /// of `header.i`.
        var signingDomain: String? {
            if let domain = properties["header.d"], !domain.isEmpty { return domain.lowercased() }
            guard let identity = properties["header.i"], let at = identity.lastIndex(of: "@") else { return nil }
            let domain = identity[identity.index(after: at)...].lowercased()
            return domain.isEmpty ? nil : domain
        }
    }

    /// Whether the field provably is its server's verdict: a `Received` field of the server's
    /// organization beside it (``hop``), and every server the message passed after it (the
    /// `Received` fields above it) of the same organization or one of its own machines (an
    /// address, or a name no one can register: `compute3.internal`). A field without these may
    /// have been written by the sender.
    var isProven: Bool {
        guard hop != nil else { return false }
        let suffixes = PublicSuffixList.shared
        let own = suffixes.organizationalDomain(of: server)
        return receivedAbove.allSatisfy { host in
            let host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
            guard !host.isEmpty, !host.contains(":"), !host.allSatisfy({ $0.isNumber || $0 == "." }), suffixes.isInPublicNamespace(host)
            else { return true }
            guard let organization = suffixes.organizationalDomain(of: host) else { return true }
            return organization == own
        }
    }

    /// Creates a record.
    public init(server: String, results: [Result], receivedAbove: [String] = [], hop: Hop? = nil) {
        self.server = server
        self.results = results
        self.receivedAbove = receivedAbove
        self.hop = hop
    }

    /// Reads a field's value by RFC 8601's grammar (section 2.2); `nil` when it names no server.
    ///
    /// Comments (nested, with quoted pairs) and quoted strings are read as such: what a comment
    /// or a quoted string holds is never a result, however much it looks like one. A result
    /// that does not follow the grammar is passed over to the next `;` outside comments and
    /// quoted strings, and the field's results after an unclosed comment or quoted string are
    /// none, since where it ends cannot be known.
    public init?(parsing value: String) {
        var scanner = Scanner(Array(value.utf8))
        guard scanner.skipWhiteSpaceAndComments(), let server = scanner.value(), !server.isEmpty else { return nil }
        self.server = server.lowercased()
        results = []
        receivedAbove = []
        hop = nil
        // An optional version: digits alone.
        var afterServer = scanner
        if afterServer.skipWhiteSpaceAndComments(), afterServer.digits() != nil, afterServer.skipWhiteSpaceAndComments(),
            afterServer.atEnd || afterServer.peek == UInt8(ascii: ";")
        {
            scanner = afterServer
        }
        guard scanner.skipWhiteSpaceAndComments() else { return }
        guard scanner.atEnd || scanner.peek == UInt8(ascii: ";") else { return nil }
        while !scanner.atEnd {
            guard scanner.peek == UInt8(ascii: ";") else {
                guard scanner.skipToNextStatement() else { break }
                continue
            }
            scanner.advance()
            var attempt = scanner
            if let result = attempt.result() {
                results.append(result)
                scanner = attempt
            } else if !scanner.skipToNextStatement() {
                break
            }
        }
    }

    /// Reads RFC 8601's grammar: comments and white space between the parts, values as tokens
    /// or quoted strings, keywords, and a property's value as a token, a quoted string or an
    /// address.
    struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var atEnd: Bool { position >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[position] }
        mutating func advance() { position += 1 }

        /// Passes over white space and comments; `false` when a comment is not closed.
        mutating func skipWhiteSpaceAndComments() -> Bool {
            while let byte = peek {
                if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A {
                    advance()
                } else if byte == UInt8(ascii: "(") {
                    guard skipComment() else { return false }
                } else {
                    break
                }
            }
            return true
        }

        /// Passes over a comment, nested ones and quoted pairs in it; `false` when it is not closed.
        private mutating func skipComment() -> Bool {
            var depth = 0
            while let byte = peek {
                advance()
                switch byte {
                case UInt8(ascii: "\\"): if !atEnd { advance() }
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    if depth == 0 { return true }
                default: break
                }
            }
            return false
        }

        /// A quoted string's content, its quoted pairs undone; `nil` when it is not closed.
        private mutating func quotedString() -> String? {
            guard peek == UInt8(ascii: "\"") else { return nil }
            advance()
            var content: [UInt8] = []
            while let byte = peek {
                advance()
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: content, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let next = peek else { return nil }
                    content.append(next)
                    advance()
                default: content.append(byte)
                }
            }
            return nil
        }

        /// A MIME token (RFC 2045): any printable character but the specials; UTF-8 too (RFC 8616).
        private mutating func token() -> String? {
            let start = position
            while let byte = peek, byte > 0x20, byte != 0x7F, !Self.specials.contains(byte) { advance() }
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }

        private static let specials = Set("()<>@,;:\\\"/[]?=".utf8)

        /// A value: a token or a quoted string.
        mutating func value() -> String? {
            peek == UInt8(ascii: "\"") ? quotedString() : token()
        }

        /// A keyword (letters, digits and hyphens, as method, result and property names are).
        mutating func keyword() -> String? {
            let start = position
            while let byte = peek, Self.isKeyword(byte) { advance() }
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self).lowercased() : nil
        }

        private static func isKeyword(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
        }

        mutating func digits() -> String? {
            let start = position
            while let byte = peek, byte >= 0x30, byte <= 0x39 { advance() }
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }

        /// Whether the next character is `character`, taking it if so.
        mutating func take(_ character: Character) -> Bool {
            guard let byte = peek, byte == character.asciiValue else { return false }
            advance()
            return true
        }

        /// A property's value: a quoted string (a quoted local part, perhaps followed by `@` and a
        /// domain), or a run of characters up to white space, a comment, a quoted string or `;`
        /// (a token, an address, a domain, or base64 as servers write `header.b`).
        private mutating func propertyValue() -> String? {
            if peek == UInt8(ascii: "\"") {
                guard var text = quotedString() else { return nil }
                if peek == UInt8(ascii: "@") {
                    let start = position
                    while let byte = peek, byte > 0x20, byte != 0x7F, byte != UInt8(ascii: ";"), byte != UInt8(ascii: "("), byte != UInt8(ascii: "\"") { advance() }
                    text += String(decoding: bytes[start..<position], as: UTF8.self)
                }
                return text
            }
            let start = position
            while let byte = peek, byte > 0x20, byte != 0x7F, byte != UInt8(ascii: ";"), byte != UInt8(ascii: "("), byte != UInt8(ascii: "\"") { advance() }
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }

        /// One `resinfo` after its `;`: `method[/version]=result [reason=value] [ptype.property=value]…`,
        /// up to the next `;` or the end; `nil` when it does not follow the grammar, or is `none`.
        mutating func result() -> Result? {
            guard skipWhiteSpaceAndComments(), let method = keyword(), skipWhiteSpaceAndComments() else { return nil }
            if take("/") {
                guard skipWhiteSpaceAndComments(), digits() != nil, skipWhiteSpaceAndComments() else { return nil }
            }
            guard take("="), skipWhiteSpaceAndComments(), let result = keyword() else { return nil }
            var properties: [String: String] = [:]
            while true {
                guard skipWhiteSpaceAndComments() else { return nil }
                if atEnd || peek == UInt8(ascii: ";") { break }
                guard let name = keyword(), skipWhiteSpaceAndComments() else { return nil }
                var key = name
                if take(".") {
                    guard skipWhiteSpaceAndComments(), let property = keyword(), skipWhiteSpaceAndComments() else { return nil }
                    key += "." + property
                }
                guard take("="), skipWhiteSpaceAndComments() else { return nil }
                let value = name == "reason" ? self.value() : propertyValue()
                guard let value else { return nil }
                // `reason` explains, and an extension without a ptype (`x-bits=2048`) is none of
                // the properties read; the first of a repeated property counts.
                if name != "reason", key.contains("."), properties[key] == nil { properties[key] = value }
            }
            return Result(method: method, result: result, properties: properties)
        }

        /// Passes over what is left of a statement, to its `;` (outside comments and quoted
        /// strings); `false` when a comment or quoted string is not closed.
        mutating func skipToNextStatement() -> Bool {
            while let byte = peek, byte != UInt8(ascii: ";") {
                if byte == UInt8(ascii: "(") {
                    guard skipWhiteSpaceAndComments() else { return false }
                } else if byte == UInt8(ascii: "\"") {
                    guard quotedString() != nil else { return false }
                } else {
                    advance()
                }
            }
            return true
        }
    }

    /// The text without its comments (`(…)`, nested, outside quoted strings): how a `Received`
    /// field's words are read.
    static func withoutComments(_ text: String) -> String {
        var output = ""
        var depth = 0
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
                if depth == 0 { output.append(character) }
                continue
            }
            switch character {
            case "\\":
                escaped = true
                if depth == 0 { output.append(character) }
            case "\"" where depth == 0:
                quoted.toggle()
                output.append(character)
            case "(" where !quoted:
                depth += 1
                if depth == 1 { output.append(" ") }
            case ")" where !quoted && depth > 0:
                depth -= 1
            default:
                if depth == 0 { output.append(character) }
            }
        }
        return output
    }
}
