import Chrono
import DKIM
import MailMessage

/// Finds who a message comes from: its `From` addresses and its DKIM signatures, verified with
/// keys from ``keys`` (DNS, by default).
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
        return MessageAuthentication(from: from, signatures: signatures)
    }
}
