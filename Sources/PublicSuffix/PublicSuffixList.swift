import CLibPSL

/// The Public Suffix List (https://publicsuffix.org), through libpsl: which part of a domain name
/// anyone may register under (`com`, `co.uk`, `github.io`), and so which domain one organization
/// holds (`united.com` of `mail.united.com`; `example.co.uk` of `www.example.co.uk`).
///
/// The list is the newest of libpsl's built-in copy and the system's (Debian `publicsuffix`,
/// `/usr/share/publicsuffix`), loaded once for the program and shared by every thread: libpsl
/// only reads it.
///
/// Names are taken in either form of an internationalized domain name, the U-labels an address
/// may carry (`bücher.example`) or the A-labels of DNS and DKIM's `d=` (`xn--bcher-kva.example`),
/// and answered in A-label form (``DomainName/aLabelForm(of:)``), so that the two compare equal.
///
/// ```swift
/// PublicSuffixList.shared.organizationalDomain(of: "mx.mail.united.com")   // "united.com"
/// PublicSuffixList.shared.organizationalDomain(of: "co.uk")                // nil: a public suffix
/// PublicSuffixList.shared.organizationalDomain(of: "www.münchen.de")       // "xn--mnchen-3ya.de"
/// ```
public final class PublicSuffixList: Sendable {
    /// The list, loaded the first time it is asked for.
    public static let shared = PublicSuffixList()

    /// libpsl's handle; read-only once loaded, and never freed, since it lives as long as the
    /// program (`psl_latest` gives either the system's list or libpsl's built-in one).
    nonisolated(unsafe) private let list: OpaquePointer?

    private init() {
        list = psl_latest(nil) ?? psl_builtin()
    }

    /// The organizational domain of `domain`, as DMARC defines it (RFC 7489, section 3.2): the
    /// public suffix and one label more, lower case, in A-label form (`xn--mnchen-3ya.de` of
    /// `www.münchen.de` and of `www.xn--mnchen-3ya.de`). `nil` for a public suffix itself, a name
    /// with one label, or one that is not a domain name (``DomainName/aLabelForm(of:)``).
    public func organizationalDomain(of domain: String) -> String? {
        guard let list, let name = DomainName.aLabelForm(of: domain), name.contains(".") else { return nil }
        // libpsl answers with a pointer into the string it was given, so the answer is read
        // while that string is still alive: a temporary C string made for the call is freed as
        // soon as the call returns.
        return name.withCString { cName in
            psl_registrable_domain(list, cName).map { String(cString: $0) }
        }
    }

    /// Whether `domain` is itself a public suffix (`com`, `co.uk`, `xn--fiqs8s` or `中国`).
    func isPublicSuffix(_ domain: String) -> Bool {
        guard let list, let name = DomainName.aLabelForm(of: domain) else { return false }
        return psl_is_public_suffix2(list, name, PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE) != 0
    }

    /// Whether a host name ends in a top-level domain the list knows (`com`, `fi`), rather than
    /// a name no one can register (`compute3.internal`, `nas.local`, `localhost`).
    public func isInPublicNamespace(_ host: String) -> Bool {
        guard let top = DomainName.aLabelForm(of: host)?.split(separator: ".").last else { return false }
        return isPublicSuffix(String(top))
    }

    /// Whether two domains belong to one organization: the same organizational domain (DMARC's
    /// relaxed alignment).
    public func sameOrganization(_ one: String, _ other: String) -> Bool {
        guard let first = organizationalDomain(of: one) else { return false }
        return first == organizationalDomain(of: other)
    }
}
