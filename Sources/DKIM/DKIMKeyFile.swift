import Foundation

/// Public keys that stand in for DNS, from a file in the format of OpenDKIM's `TestPublicKeys`:
/// one key a line, its name (`SELECTOR._domainkey.DOMAIN`), white space, and the TXT record
/// (`v=DKIM1; k=rsa; p=MIIBIjAN…`). Empty lines and lines starting with `#` are passed over.
///
/// Given one, no DNS server is asked at all: a key missing from the file is not found. Tests sign
/// their messages with keys they make and name them here; a person can check a message against
/// a key they copied.
///
/// ```
/// # keys.txt
/// s1._domainkey.united.com  v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…
/// ```
public struct DKIMKeyFile: DKIMKeySource {
    /// The records by name, lower case.
    public let records: [String: String]
    /// What was found with these keys is kept under the files' paths: like DNS, a file's keys
    /// may change, and a key taken out of it since does not change what was found.
    public let memoIdentity: String?

    /// Reads a file of keys.
    ///
    /// - Throws: ``DKIMKeyFileError`` when the file cannot be read or a line is not a key.
    public init(path: String) throws(DKIMKeyFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path)
        }
        let file = try DKIMKeyFile(text: String(decoding: data, as: UTF8.self), path: path)
        records = file.records
        memoIdentity = "file:" + path
    }

    /// Reads several files of keys, as one.
    ///
    /// - Throws: ``DKIMKeyFileError`` for the first file that cannot be read or has a line that is
    ///   not a key.
    public init(paths: [String]) throws(DKIMKeyFileError) {
        var records: [String: String] = [:]
        for path in paths {
            records.merge(try DKIMKeyFile(path: path).records) { first, _ in first }
        }
        self.records = records
        memoIdentity = "file:" + paths.joined(separator: ",")
    }

    /// Reads keys from text in the file's format; `path` names it in errors.
    public init(text: String, path: String = "keys") throws(DKIMKeyFileError) {
        var records: [String: String] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw .malformed(path: path, line: index + 1, reason: "expected a key's name, white space and its record")
            }
            let name = line[..<space].lowercased()
            let record = line[space...].trimmingCharacters(in: .whitespaces)
            guard name.contains("._domainkey."), !record.isEmpty else {
                throw .malformed(path: path, line: index + 1, reason: "expected a name of the form SELECTOR._domainkey.DOMAIN, then the record")
            }
            records[name.hasSuffix(".") ? String(name.dropLast()) : name] = record
        }
        self.records = records
        memoIdentity = nil
    }

    public func record(named name: String) -> DKIMKeyAnswer {
        records[name.lowercased()].map(DKIMKeyAnswer.found) ?? .notFound
    }
}

/// Why a file of DKIM keys cannot be used.
public enum DKIMKeyFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(path: String)
    /// A line is not a key.
    case malformed(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path): "\(path): cannot read the file of DKIM keys"
        case .malformed(let path, let line, let reason): "\(path): line \(line): \(reason)"
        }
    }
}
