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
            from: from, signatures: Self.withSignedFields(signatures, header: header), authenticationResults: verdicts, date: Self.date(header),
            fieldCounts: Self.fieldCounts(header))
    }

    /// How many times the header carries each of ``MessageAuthentication/protectedFields``.
    static func fieldCounts(_ header: RawHeader) -> [String: Int] {
        var counts: [String: Int] = [:]
        for name in MessageAuthentication.protectedFields {
            let count = header.fields(named: name).count
            if count > 0 { counts[name] = count }
        }
        return counts
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
        found.fieldCounts = fieldCounts(header)
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

    /// The message as a reader that knows nothing of signatures is to be given it (KDE's
    /// extractor, which reads a message without markup): its header cut down to what its
    /// sender's organization signed, so that nothing added after signing is read with it.
    ///
    /// The fields its sender-aligned signatures sign (`h=`, the lowest instances, as a signature
    /// selects them) are kept, in their order, with the `From` field first, so that a reader that
    /// tells formats by the first line takes it for an e-mail, never for the calendar file or the
    /// web page unsigned lines above it may pass for. Without a sender-aligned signature, every
    /// field is kept, `From` first. The body is kept as it is: a signature that covers only the
    /// start of it does not verify the message anyway.
    public static func readerView(of message: [UInt8]) -> [UInt8] {
        let header = RawHeader(message)
        guard let from = header.fields.lastIndex(where: { $0.isNamed("From") }) else { return message }
        let sender = MailAddresses.parse(header.fields[from].value).first.flatMap { SenderPolicy.organization(of: SenderPolicy.domain(of: $0)) }
        let signed = header.fields(named: "DKIM-Signature").map { DKIMTagList($0.value) }.filter { tags in
            sender != nil && tags["d"].flatMap { SenderPolicy.organization(of: $0) } == sender
        }
        var kept = Set(header.fields.indices)
        if !signed.isEmpty {
            // How many instances of each name the signatures sign, the most of any signature.
            var counts: [String: Int] = [:]
            for tags in signed {
                var own: [String: Int] = [:]
                for name in (tags["h"] ?? "").split(separator: ":") { own[name.lowercased(), default: 0] += 1 }
                counts.merge(own, uniquingKeysWith: max)
            }
            kept = []
            var used: [String: Int] = [:]
            for index in header.fields.indices.reversed() {
                let name = header.fields[index].name.lowercased()
                guard let allowed = counts[name], used[name, default: 0] < allowed else { continue }
                used[name, default: 0] += 1
                kept.insert(index)
            }
            kept.insert(from)
        }
        var view: [UInt8] = []
        view.reserveCapacity(message.count)
        for index in [from] + header.fields.indices.filter({ $0 != from && kept.contains($0) }) {
            view += header.fields[index].text
            view += [0x0D, 0x0A]
        }
        view += [0x0D, 0x0A]
        view += message[min(header.bodyStart, message.count)...]
        return view
    }

    /// The message's `Date`, when it has exactly one that can be read: of two, which one a
    /// signature signs is the lower, which one a reader shows the upper.
    static func date(_ header: RawHeader) -> Instant? {
        let dates = header.fields(named: "Date")
        guard dates.count == 1 else { return nil }
        return MailMessage.date(parsing: dates[0].value)
    }

    /// The topmost `Authentication-Results` of each server, with the receivers of the `Received`
    /// fields above it and the hop at which its server wrote it. Servers add their fields on top
    /// of what they received, so the topmost field naming a server is the one that server wrote;
    /// any lower one may be the sender's.
    static func authenticationResults(_ header: RawHeader) -> [AuthenticationResults] {
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
