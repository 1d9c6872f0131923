/// Where the public keys of DKIM signatures come from: DNS (``DNSKeySource``), a file of keys
/// that stands in for it (``DKIMKeyFile``), or whatever else a caller provides.
///
/// A key is the TXT record published at `SELECTOR._domainkey.DOMAIN`
/// (`v=DKIM1; k=rsa; p=MIIBIjAN…`). Sources are asked from several threads at once.
public protocol DKIMKeySource: Sendable {
    /// The key record published at `name` (`s1._domainkey.united.com`, lower case).
    func record(named name: String) -> DKIMKeyAnswer

    /// A name for where the keys come from (`dns`, a file's path), under which what was found
    /// with them may be kept and found again on a later run, when keys may have been rotated;
    /// `nil` when nothing found with this source is to be kept.
    var memoIdentity: String? { get }
}

extension DKIMKeySource {
    public var memoIdentity: String? { nil }
}

/// What a ``DKIMKeySource`` found for a key's name.
public enum DKIMKeyAnswer: Sendable, Hashable {
    /// The record's text.
    case found(String)
    /// There is no record of that name: the key was withdrawn, or never published.
    case notFound
    /// No answer can be had now (no DNS server answered in time, or one failed), for the reason
    /// given: the signature is neither good nor bad, and may be checked again later.
    case unavailable(String)
}
