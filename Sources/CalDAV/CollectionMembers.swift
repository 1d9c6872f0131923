import Foundation

/// Which URLs are inside a calendar collection: the rule that keeps every write of `publish`
/// in the calendar it chose, whatever a server's listing names.
///
/// A member has the collection's origin (scheme, host and port, the scheme's default port
/// written or not) and a path under the collection's, compared after percent-decoding and
/// removing dot segments (RFC 3986, section 5.2.4), so that `/cal/../victim/y.ics` and
/// `/cal/%2e%2e/victim/y.ics` are both outside `/cal/`. The collection itself is not its own member.
///
/// ```swift
/// let members = CollectionMembers(of: URL(string: "https://dav.example.com/cal/")!)
/// members.member("/cal/a.ics")                   // https://dav.example.com/cal/a.ics
/// members.member("/cal/../other/b.ics")          // nil
/// members.member("http://127.0.0.2:5232/cal/c.ics")  // nil: another origin
/// ```
public struct CollectionMembers: Sendable, Hashable {
    /// The collection, ending in `/`.
    public let collection: URL
    private let origin: Origin
    private let path: String

    /// The members of `collection`.
    public init(of collection: URL) {
        self.collection = collection
        origin = Origin(collection)
        let path = Self.normalized(collection.path)
        self.path = path.hasSuffix("/") ? path : path + "/"
    }

    /// The URL an `href` of an answer names, when it is a member of the collection (resolved
    /// against the collection, dot segments removed); `nil` when it is not.
    public func member(_ href: String) -> URL? {
        guard let url = URL(string: href, relativeTo: collection)?.absoluteURL else { return nil }
        return member(url)
    }

    /// The URL, when it is a member of the collection; `nil` when it is not.
    public func member(_ url: URL) -> URL? {
        guard Origin(url) == origin else { return nil }
        let path = Self.normalized(url.path)
        guard path.count > self.path.count, path.hasPrefix(self.path) else { return nil }
        return url.standardized
    }

    /// Whether the URL is a member of the collection.
    public func contains(_ url: URL) -> Bool {
        member(url) != nil
    }

    /// A path, percent-decoded as `URL.path` gives it, without its `.` and `..` segments.
    static func normalized(_ path: String) -> String {
        var segments: [Substring] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            switch part {
            case ".": if index == parts.count - 1 { segments.append("") }
            case "..":
                if segments.count > 1 { segments.removeLast() }
                if index == parts.count - 1 { segments.append("") }
            default: segments.append(part)
            }
        }
        let joined = segments.joined(separator: "/")
        return joined.hasPrefix("/") ? joined : "/" + joined
    }

    /// Scheme, host and port, the scheme's default port filled in.
    private struct Origin: Sendable, Hashable {
        let scheme: String
        let host: String
        let port: Int

        init(_ url: URL) {
            scheme = (url.scheme ?? "").lowercased()
            host = (url.host ?? "").lowercased()
            port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        }
    }
}
