import Foundation

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
    public var receivedAbove: [String]

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
        public var signingDomain: String? {
            if let domain = properties["header.d"], !domain.isEmpty { return domain.lowercased() }
            guard let identity = properties["header.i"], let at = identity.lastIndex(of: "@") else { return nil }
            let domain = identity[identity.index(after: at)...].lowercased()
            return domain.isEmpty ? nil : domain
        }
    }

    /// Creates a record.
    public init(server: String, results: [Result], receivedAbove: [String] = []) {
        self.server = server
        self.results = results
        self.receivedAbove = receivedAbove
    }

    /// Reads a field's value; `nil` when it names no server.
    public init?(parsing value: String) {
        let statements = Self.split(Self.withoutComments(value), by: ";")
        guard let first = statements.first?.split(whereSeparator: \.isWhitespace).first, !first.contains("=") else { return nil }
        server = first.lowercased()
        results = statements.dropFirst().compactMap(Self.result)
        receivedAbove = []
    }

    /// One `method=result property=value…` statement; `nil` for `none` or anything else.
    private static func result(_ statement: String) -> Result? {
        let words = split(statement, by: " ").flatMap { split($0, by: "\t") }.filter { !$0.isEmpty }
        guard let head = words.first, let equals = head.firstIndex(of: "=") else { return nil }
        // `dkim/1=pass`: a method's version is passed over.
        let method = head[..<equals].split(separator: "/").first.map { String($0).lowercased() } ?? ""
        let result = unquoted(head[head.index(after: equals)...]).lowercased()
        guard !method.isEmpty, !result.isEmpty else { return nil }
        var properties: [String: String] = [:]
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { continue }
            let name = word[..<equals].lowercased()
            if name == "reason" || properties[name] != nil { continue }
            properties[name] = unquoted(word[word.index(after: equals)...])
        }
        return Result(method: method, result: result, properties: properties)
    }

    /// The text without its comments (`(…)`, nested, outside quoted strings).
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

    /// The text split at `separator` outside quoted strings, each piece trimmed.
    private static func split(_ text: String, by separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == separator, !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    private static func unquoted(_ text: Substring) -> String {
        var text = text
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        return String(text).replacingOccurrences(of: "\\\"", with: "\"")
    }
}
