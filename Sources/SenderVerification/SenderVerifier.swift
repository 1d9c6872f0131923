import Chrono
import DKIM
import MailMessage

/// Finds who a message comes from: its `From` addresses, its DKIM signatures, verified with keys
/// from ``keys`` (DNS, by default), and the `Authentication-Results` the servers it passed wrote.
///
/// Signatures are checked as of the message's arrival (the date of its topmost `Received`
/// field), so that a booking read weeks after it came is not refused because its signature
/// expired since.
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
    public func authenticate(_ message: [UInt8]) -> MessageAuthentication {
        let header = RawHeader(message)
        let from = header.fields(named: "From").flatMap { MailAddresses.parse($0.value) }
        let arrival = header.fields(named: "Received").first.flatMap { field in
            field.value.split(separator: ";").last.flatMap { MailMessage.date(parsing: String($0)) }
        }
        let signatures = DKIMVerifier(keys: keys).verify(message, header: header, at: arrival)
        return MessageAuthentication(from: from, signatures: signatures, authenticationResults: Self.authenticationResults(header))
    }

    /// The topmost `Authentication-Results` of each server, with the receivers of the `Received`
    /// fields above it. Servers add their fields on top of what they received, so the topmost
    /// field naming a server is the one that server wrote; any lower one may be the sender's.
    static func authenticationResults(_ header: RawHeader) -> [AuthenticationResults] {
        var receivers: [String] = []
        var found: [AuthenticationResults] = []
        for field in header.fields {
            if field.isNamed("Received") {
                receivers.append(receiver(of: field.value) ?? "")
            } else if field.isNamed("Authentication-Results"), var results = AuthenticationResults(parsing: field.value),
                !found.contains(where: { $0.server == results.server })
            {
                results.receivedAbove = receivers
                found.append(results)
            }
        }
        return found
    }

    /// The host a `Received` field names as its receiver (`by mx.google.com`), lower case.
    static func receiver(of value: String) -> String? {
        let words = AuthenticationResults.withoutComments(value).split(separator: ";").first?.split(whereSeparator: \.isWhitespace) ?? []
        guard let index = words.firstIndex(where: { $0.lowercased() == "by" }), index + 1 < words.count else { return nil }
        return words[index + 1].lowercased()
    }
}
