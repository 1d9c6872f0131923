import Foundation
import PublicSuffix

/// Where a password may go: the host the person named, or another host of the same domain (as
/// iCloud sends each account from `caldav.icloud.com` to `p42-caldav.icloud.com`), and only
/// over HTTPS; plain HTTP only between loopback addresses, as a server on the same machine is
/// reached.
///
/// Discovery follows redirects and the addresses servers give (a principal, a calendar home),
/// and each of them is checked here before the credentials go with a request, so that a server
/// (or someone between) cannot send them elsewhere.
public struct CredentialScope: Sendable, Hashable {
    /// The host the person named, in lower case.
    public let host: String

    /// The scope of the URL the person named.
    public init(named url: URL) {
        host = (url.host ?? "").lowercased()
    }

    /// Why the credentials may not go to `url`, or `nil` when they may.
    public func refusal(for url: URL) -> String? {
        let target = (url.host ?? "").lowercased()
        let scheme = url.scheme?.lowercased()
        if scheme == "http" {
            guard Self.isLoopback(target), Self.isLoopback(host) else {
                return "the password is sent only over https:// (plain http:// only to this machine's loopback address)"
            }
            return nil
        }
        guard scheme == "https" else { return "not an http(s) address" }
        if target == host { return nil }
        guard let domain = Self.registrableDomain(of: host), Self.registrableDomain(of: target) == domain else {
            return "\(target) is neither the host named (\(host)) nor another host of its domain"
        }
        return nil
    }

    /// Whether `host` is this machine: `localhost`, 127.0.0.0/8 or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return host == "localhost" || host == "::1" || (host.hasPrefix("127.") && host.split(separator: ".").count == 4)
    }

    /// The domain a host belongs to as one owner's: its organizational domain by the Public Suffix
    /// List (`icloud.com`, `example.co.uk`, `ada.github.io`), through libpsl. `nil` for an
    /// address given as numbers, and for a host that is itself a public suffix.
    static func registrableDomain(of host: String) -> String? {
        if host.contains(":") || host.split(separator: ".").allSatisfy({ $0.allSatisfy(\.isNumber) }) { return nil }
        return PublicSuffixList.shared.organizationalDomain(of: host)
    }
}
