import Chrono
import Foundation
import DKIM
import MailMessage
import PublicSuffix

/// Finds who a message comes from: its `From` addresses, its DKIM signatures, verified with keys
/// from ``keys`` (DNS, by default), and the `Authentication-Results` the servers it passed wrote.
///
/// Signatures are checked as of the message's arrival where a server the person trusts provably
/// took it in (the date of the `Received` field that server's organization added), so that a
/// booking read weeks after it came is not refused because its signature expired since; as of
/// now otherwise, since any other `Received` field may be the sender's own.
///
/// ```swift
/// let verifier = SenderVerifier(keys: try DKIMKeyFile(path: "keys.txt"))
/// let found = verifier.authenticate(bytes)
/// SenderPolicy().verdict(for: found)   // verified as united.com (DKIM)
/// ```
public struct SenderVerifier: Sendable {
    /// Where DKIM keys are looked up.
    public var keys: any DKIMKeySource

    /// A verifier looking keys up in `keys`; DNS when not given.
    public init(keys: any DKIMKeySource = DNSKeySource()) {
        self.keys = keys
    }

    /// What the message says of its sender, and which of its signatures verify.
    ///
    /// - Parameters:
    ///   - message: The message, as it was received.
    ///   - trustedServers: The servers whose word the person takes (authserv-ids): the signatures'
    ///     times (`t=`, `x=`) are judged as of when the topmost of them that provably handled the
    ///     message took it in (its ``AuthenticationResults/hop``), and as of now without one.
    ///   - serverVerdicts: Whether the message's `Authentication-Results` fields are read: not for
    ///     a message attached to another, which passed no server of the person's on its own.
    public func authenticate(_ message: [UInt8], trustedServers: Set<String> = [], serverVerdicts: Bool = true) -> MessageAuthentication {
        let header = RawHeader(message)
        let from = header.fields(named: "From").flatMap { MailAddresses.parse($0.value) }
        let verdicts = serverVerdicts ? Self.authenticationResults(header) : []
        let arrival = verdicts.first { trustedServers.contains($0.server) && $0.isProven }?.hop?.date
        // The signatures of the sender's own organization are checked first: a message may carry
        // many, and only so many keys are looked up for one (DKIMVerifier.maximumKeyLookups).
        let senderOrganization = from.first.flatMap { SenderPolicy.organization(of: SenderPolicy.domain(of: $0)) }
        let signatures = DKIMVerifier(keys: keys).verify(message, header: header, at: arrival) { domain in
            senderOrganization != nil && SenderPolicy.organization(of: domain) == senderOrganization
        }
        return MessageAuthentication(
            from: from, signatures: Self.withSignedFields(signatures, header: header), authenticationResults: verdicts, date: Self.date(header))
    }

    /// What was found of a message before (kept between runs), with what depends on no key read
    /// afresh from the message: the servers' verdicts (unless `serverVerdicts` is off, for an
    /// attached message), its `Date`, and the header fields each signature signs, for findings
    /// kept before those were.
    public static func refreshed(_ found: MessageAuthentication, message: [UInt8], serverVerdicts: Bool = true) -> MessageAuthentication {
        let header = RawHeader(message)
        var found = found
        found.authenticationResults = serverVerdicts ? authenticationResults(header) : []
        found.date = date(header)
        found.signatures = withSignedFields(found.signatures, header: header)
        return found
    }

    /// The signatures, each with the header fields it signs (its `h=` tag) read from the
    /// message where they are not known yet.
    static func withSignedFields(_ signatures: [DKIMSignature], header: RawHeader) -> [DKIMSignature] {
        guard signatures.contains(where: \.signedFields.isEmpty) else { return signatures }
        let fields = header.fields(named: "DKIM-Signature").map { DKIMTagList($0.value) }
        return signatures.map { signature in
            guard signature.signedFields.isEmpty,
                let tags = fields.first(where: { $0["d"]?.lowercased() == signature.domain && $0["s"] == signature.selector }), let names = tags["h"]
            else { return signature }
            var signature = signature
            signature.signedFields = names.split(separator: ":").map { $0.lowercased() }.filter { !$0.isEmpty }
            return signature
        }
    }

    /// The message's `Date`, if it has one that can be read.
    static func date(_ header: RawHeader) -> Instant? {
        header.fields(named: "Date").first.flatMap { MailMessage.date(parsing: $0.value) }
    }

    /// The topmost `Authentication-Results` of each server, with the receivers of the `Received`
    /// fields above it and the hop at which its server wrote it. Servers add their fields on top
    /// of what they received, so the topmost field naming a server is the one that server wrote;
    /// any lower one may be the sender's.
    public static func authenticationResults(_ header: RawHeader) -> [AuthenticationResults] {
        var receivers: [String] = []
        var found: [AuthenticationResults] = []
        for (index, field) in header.fields.enumerated() {
            if field.isNamed("Received") {
                receivers.append(receiver(of: field.value) ?? "")
            } else if field.isNamed("Authentication-Results"), var results = AuthenticationResults(parsing: field.value),
                !found.contains(where: { $0.server == results.server })
            {
                results.receivedAbove = receivers
                results.hop = hop(of: results.server, at: index, in: header.fields)
                found.append(results)
            }
        }
        return found
    }

    /// The `Received` field that the organization of `server` added beside its
    /// `Authentication-Results` field at `index`: the nearest `Received` above it (Gmail writes its
    /// own just above its verdict) or, failing that, the nearest below it (Fastmail's, below);
    /// `nil` when neither was added by a host of the server's organization, or the server's name
    /// is no domain an organization holds.
    static func hop(of server: String, at index: Int, in fields: [RawHeader.Field]) -> AuthenticationResults.Hop? {
        let suffixes = PublicSuffixList.shared
        guard let organization = suffixes.organizationalDomain(of: server) else { return nil }
        let above = fields[..<index].last { $0.isNamed("Received") }
        let below = fields[(index + 1)...].first { $0.isNamed("Received") }
        for field in [above, below].compactMap({ $0 }) {
            guard let host = receiver(of: field.value), suffixes.organizationalDomain(of: host) == organization else { continue }
            return AuthenticationResults.Hop(receiver: host, date: date(of: field))
        }
        return nil
    }

    /// The date a `Received` field ends with, after its last `;`.
    static func date(of field: RawHeader.Field) -> Instant? {
        field.value.split(separator: ";").last.flatMap { MailMessage.date(parsing: String($0)) }
    }

    /// The host a `Received` field names as its receiver (`by mx.google.com`), lower case.
    static func receiver(of value: String) -> String? {
        let words = AuthenticationResults.withoutComments(value).split(separator: ";").first?.split(whereSeparator: \.isWhitespace) ?? []
        guard let index = words.firstIndex(where: { $0.lowercased() == "by" }), index + 1 < words.count else { return nil }
        return words[index + 1].lowercased()
    }
}

/// A DKIM-Signature field's tags (RFC 6376, section 3.2: `tag=value` separated by `;`, white
/// space around them ignored), by name.
struct DKIMTagList {
    private var tags: [String: String] = [:]

    init(_ value: String) {
        for item in value.split(separator: ";") {
            guard let equals = item.firstIndex(of: "=") else { continue }
            let name = item[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            let value = item[item.index(after: equals)...].filter { !$0.isWhitespace }
            if tags[name] == nil { tags[name] = String(value) }
        }
    }

    subscript(name: String) -> String? { tags[name] }
}
