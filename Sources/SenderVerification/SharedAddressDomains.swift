/// Domains where anyone can have an address that are not free-mail providers
/// (``FreeMailDomains`` has those): mailing-list hosts (`groups.io`, `googlegroups.com`), whose
/// mail is any member's; e-mail relays and aliases (`privaterelay.appleid.com`, `duck.com`,
/// `guest.booking.com`), behind which anyone may stand; and multi-tenant domains
/// (`onmicrosoft.com`, `zendesk.com`), each of whose subdomains is another customer's.
///
/// Mail from a list or a relay is nobody's booking in particular, so it is never an
/// organization's, whoever signs it. On a multi-tenant domain each tenant is an organization of
/// its own (``organization(of:)``): `contoso.onmicrosoft.com`'s signature does not vouch for
/// `fabrikam.onmicrosoft.com`.
///
/// ```swift
/// SharedAddressDomains.kind(of: "travel@lists.sr.ht")        // .mailingList
/// SharedAddressDomains.organization(of: "mail.contoso.onmicrosoft.com")   // "contoso.onmicrosoft.com"
/// ```
public enum SharedAddressDomains {
    /// What a shared-address domain is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A mailing-list host: its mail is any member's.
        case mailingList = "mailing-list"
        /// A relay or alias service: anyone may stand behind an address.
        case relay
        /// A domain whose subdomains are its customers', each an organization of its own.
        case multiTenant = "multi-tenant"
    }

    /// One shared-address domain.
    public struct Entry: Sendable, Hashable {
        /// The domain as it appears after the `@`; its subdomains count too.
        public var domain: String
        public var kind: Kind
        /// The service's name.
        public var name: String
        /// Where the service is described: a URL.
        public var source: String
    }

    /// Every shared-address domain.
    public static let all: [Entry] = sharedAddressTable.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, let kind = Kind(rawValue: fields[1]) else { return nil }
        return Entry(domain: fields[0], kind: kind, name: fields[2], source: fields[3])
    }

    /// The entries by domain.
    private static let byDomain = Dictionary(all.map { ($0.domain, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry whose domain is `domain` or a parent of it, the longest first; `nil` for none.
    public static func entry(for domain: String) -> Entry? {
        // The domain, then each parent, longest first: a look-up each, for every message read.
        var rest = Substring(domain.lowercased())
        while !rest.isEmpty {
            if let entry = byDomain[String(rest)] { return entry }
            guard let dot = rest.firstIndex(of: ".") else { return nil }
            rest = rest[rest.index(after: dot)...]
        }
        return nil
    }

    /// Whether an address (or a domain) is at a mailing-list host or a relay, where anyone can
    /// have one; `nil` otherwise, and for a tenant of a multi-tenant domain, which is its own.
    public static func kind(of address: String) -> Kind? {
        let domain = address.split(separator: "@").last.map(String.init) ?? address
        guard let entry = entry(for: domain) else { return nil }
        if entry.kind == .multiTenant, domain.lowercased() != entry.domain { return nil }
        return entry.kind
    }

    /// For a domain under a multi-tenant domain, its tenant's organization: the multi-tenant
    /// domain and one label more (`contoso.onmicrosoft.com` of `mail.contoso.onmicrosoft.com`);
    /// `nil` for any other domain, and for a multi-tenant domain itself.
    public static func organization(of domain: String) -> String? {
        let domain = domain.lowercased()
        guard let entry = entry(for: domain), entry.kind == .multiTenant, domain != entry.domain else { return nil }
        let tenant = domain.dropLast(entry.domain.count + 1).split(separator: ".").last.map(String.init) ?? ""
        return tenant.isEmpty ? nil : "\(tenant).\(entry.domain)"
    }
}
