import Foundation
import PublicSuffix

/// Where a password may go: the origin the person named (its scheme, host and port), or, for
/// discovery, another host of the same organization by the Public Suffix List over HTTPS on port 443
/// (as iCloud sends each account from `caldav.icloud.com` to `p42-caldav.icloud.com`). Plain
/// HTTP carries it only to this machine, and only to the very host and port named.
///
/// Discovery follows redirects and the addresses servers give (a principal, a calendar home, a
/// listing's members), and each is checked here before the credentials go with a request, so
/// that a server (or someone between) cannot send them elsewhere: not to another port of the
/// same host (curl counts that a leak, CVE-2022-27774), not to another loopback address.
public struct CredentialScope: Sendable, Hashable {
    /// The scheme named, lower case.
    public let scheme: String
    /// The host the person named, in lower case.
    public let host: String
    /// The port named, or the scheme's own.
    public let port: Int

    /// The scope of the URL the person named.
    public init(named url: URL) {
        (scheme, host, port) = Self.origin(of: url)
    }

    /// Why the credentials may not go to `url`, or `nil` when they may.
    public func refusal(for url: URL) -> String? {
        let (targetScheme, targetHost, targetPort) = Self.origin(of: url)
        guard targetScheme == "https" || targetScheme == "http" else { return "not an http(s) address" }
        let named = Self.describe(scheme, host, port)
        let target = Self.describe(targetScheme, targetHost, targetPort)
        if targetScheme == "http" {
            guard Self.isLoopback(targetHost), Self.isLoopback(host) else {
                return "the password is sent only over https:// (plain http:// only to this machine's loopback address)"
            }
            guard targetScheme == scheme, targetHost == host, targetPort == port else {
                return "\(target) is not the address named (\(named)): over plain http:// the password goes to that host and port alone"
            }
            return nil
        }
        if targetScheme == scheme, targetHost == host, targetPort == port { return nil }
        guard targetPort == 443 else {
            return "\(target) is not the address named (\(named)): another address gets the password only over https:// on port 443"
        }
        guard !Self.isAddress(host), !Self.isAddress(targetHost), PublicSuffixList.shared.sameOrganization(host, targetHost) else {
            return "\(targetHost) is neither the host named (\(host)) nor another host of its domain"
        }
        return nil
    }

    /// Why a bearer token may not go to `url`, or `nil` when it may: only to the origin named
    /// (its scheme, host and port), never to another host, even of the same organization. A
    /// token is good for whatever the person allowed, at every server of its provider; a
    /// password is the account's at one service.
    public func tokenRefusal(for url: URL) -> String? {
        let (targetScheme, targetHost, targetPort) = Self.origin(of: url)
        guard targetScheme == scheme, targetHost == host, targetPort == port else {
            return "\(Self.describe(targetScheme, targetHost, targetPort)) is not the address named (\(Self.describe(scheme, host, port))): a token goes to that address alone"
        }
        return refusal(for: url)?.replacingOccurrences(of: "the password", with: "the token")
    }

    /// Whether `host` is this machine: `localhost`, 127.0.0.0/8 or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return host == "localhost" || host == "::1" || (host.hasPrefix("127.") && host.split(separator: ".").count == 4)
    }

    /// Whether a host is given as an address (`192.168.1.10`, `::1`) rather than a name: an
    /// address has no domain, and no other address is of its owner.
    private static func isAddress(_ host: String) -> Bool {
        host.contains(":") || host.split(separator: ".").allSatisfy { $0.allSatisfy(\.isNumber) }
    }

    /// Scheme, host and port of a URL, lower case, the scheme's default port filled in.
    private static func origin(of url: URL) -> (scheme: String, host: String, port: Int) {
        let scheme = (url.scheme ?? "").lowercased()
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return (scheme, (url.host ?? "").lowercased(), port)
    }

    /// `https://host:port`, as messages name an origin.
    private static func describe(_ scheme: String, _ host: String, _ port: Int) -> String {
        "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
