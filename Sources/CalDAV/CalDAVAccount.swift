import Foundation
import XMLParsing

/// A CalDAV account reached from any address a person may give (the server's, the account's, a
/// calendar's): its calendars found as calendar clients find them, and new ones made.
///
/// Discovery asks, in turn, the address itself, the server's well-known address
/// (`/.well-known/caldav`, RFC 6764) and the server's root for the user's principal
/// (`current-user-principal`, RFC 5397), then the principal for its calendar homes
/// (`calendar-home-set`, RFC 4791 §6.2.1), and lists the calendars in them. Redirects are
/// followed, to another host of the same domain too (iCloud sends each account to a host of
/// its own), and the credentials go only where ``CredentialScope`` allows.
///
/// ```swift
/// let account = CalDAVAccount(address: URL(string: "https://caldav.fastmail.com/")!, credentials: credentials)
/// let directory = try await account.discover()
/// for calendar in directory.calendars { print(calendar.name, calendar.url) }
/// ```
public struct CalDAVAccount: Sendable {
    /// The address the person gave.
    public let address: URL
    /// User name and password, or `nil` for none.
    public let credentials: CalDAVClient.Credentials?
    /// How long one request may take.
    public var timeout: TimeInterval = 30
    /// How the client names itself to servers.
    public var userAgent = "ReservationFeed"

    /// Where the credentials may go: the address's host and its domain.
    public var scope: CredentialScope { CredentialScope(named: address) }

    /// An account at `address`.
    public init(address: URL, credentials: CalDAVClient.Credentials?) {
        self.address = address
        self.credentials = credentials
    }

    /// What discovery found: the principal, its calendar homes and the calendars in them.
    public struct Directory: Sendable, Hashable {
        /// The user's principal, when the server named one.
        public var principal: URL?
        /// The collections that hold the user's calendars (new ones are made in the first).
        public var homes: [URL]
        /// The calendars, in the server's order.
        public var calendars: [CalDAVCalendar]

        public init(principal: URL?, homes: [URL], calendars: [CalDAVCalendar]) {
            self.principal = principal
            self.homes = homes
            self.calendars = calendars
        }
    }

    /// The calendar at `url` (after its redirects), or `nil` when `url` answers but is not a
    /// calendar collection, or does not answer `PROPFIND` at all.
    ///
    /// - Throws: ``CalDAVError`` when the server refuses the credentials, cannot be reached, or
    ///   redirects where the credentials may not go.
    public func calendar(at url: URL) async throws(CalDAVError) -> CalDAVCalendar? {
        do {
            return try await describe(url).calendar
        } catch let error where error.isServerWide {
            throw error
        } catch {
            return nil
        }
    }

    /// Finds the account's calendars.
    ///
    /// - Throws: ``CalDAVError/noAccount(url:)`` when no address leads to a calendar home, and
    ///   the other ``CalDAVError``s as ``calendar(at:)``.
    public func discover() async throws(CalDAVError) -> Directory {
        var candidates = [address]
        if let wellKnown = URL(string: "/.well-known/caldav", relativeTo: address)?.absoluteURL { candidates.append(wellKnown) }
        if let root = URL(string: "/", relativeTo: address)?.absoluteURL { candidates.append(root) }
        var tried: Set<URL> = []
        var forbidden: CalDAVError?
        for candidate in candidates where tried.insert(candidate).inserted {
            do {
                let found = try await describe(candidate)
                var (principal, homes) = (found.principal, found.homes)
                if homes.isEmpty, let principal {
                    homes = try await describe(principal).homes
                }
                if homes.isEmpty { continue }
                if principal == nil, found.isPrincipal { principal = found.url }
                return Directory(principal: principal, homes: homes, calendars: try await calendars(in: homes))
            } catch .refused(let url, 403) {
                // A server may forbid its root and still answer at the well-known address.
                forbidden = forbidden ?? .refused(url: url, status: 403)
            } catch let error where error.isServerWide {
                throw error
            } catch {
                continue
            }
        }
        throw forbidden ?? .noAccount(url: address.absoluteString)
    }

    /// The calendars in `homes` (one `PROPFIND` of depth 1 each).
    public func calendars(in homes: [URL]) async throws(CalDAVError) -> [CalDAVCalendar] {
        var calendars: [CalDAVCalendar] = []
        for home in homes {
            let answer = try await propfind(home, depth: 1)
            for (_, url, properties) in CalDAVTransport.properties(of: try CalDAVTransport.parse(answer.body, answer.url), at: answer.url) {
                if let calendar = Self.calendar(url, properties), !calendars.contains(where: { $0.url == calendar.url }) {
                    calendars.append(calendar)
                }
            }
        }
        return calendars
    }

    /// Makes a calendar for events named `name` in the first calendar home (`MKCALENDAR`), at a
    /// path made from the name (`Trips abroad` → `trips-abroad/`, with `-2`… when taken).
    public func makeCalendar(named name: String, in directory: Directory) async throws(CalDAVError) -> CalDAVCalendar {
        guard let home = directory.homes.first else { throw .noAccount(url: address.absoluteString) }
        let taken = Set(directory.calendars.map { $0.url.path })
        let slug = Self.slug(name)
        let body = Array(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
              <d:displayname>\(CalDAVTransport.xmlEscaped(name))</d:displayname>
              <c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>
            </d:prop></d:set></c:mkcalendar>
            """.utf8)
        for attempt in 1...20 {
            let path = attempt == 1 ? "\(slug)/" : "\(slug)-\(attempt)/"
            guard let url = URL(string: path, relativeTo: Self.collection(home))?.absoluteURL, !taken.contains(url.path) else { continue }
            let answer = try await transport.exchange("MKCALENDAR", url, body: body, headers: ["Content-Type": "application/xml; charset=utf-8"])
            switch answer.status {
            case 200..<300:
                return CalDAVCalendar(url: url, displayName: name, acceptsEvents: true, isWritable: true)
            case 405, 409:
                // Something is there already (a collection this user cannot see, another kind).
                continue
            default:
                throw CalDAVTransport.failure(url, answer.status, answer.body)
            }
        }
        throw .failed(url: home.absoluteString, status: 0, reason: "no free name for a calendar made from \(name)")
    }

    // MARK: - Requests

    private var transport: CalDAVTransport {
        CalDAVTransport(credentials: credentials, scope: scope, timeout: timeout, userAgent: userAgent)
    }

    /// What one address says of itself.
    private struct Description {
        var url: URL
        var calendar: CalDAVCalendar?
        var isPrincipal: Bool
        var principal: URL?
        var homes: [URL]
    }

    private func describe(_ url: URL) async throws(CalDAVError) -> Description {
        let answer = try await propfind(url, depth: 0)
        let responses = CalDAVTransport.properties(of: try CalDAVTransport.parse(answer.body, answer.url), at: answer.url)
        // The answer's own response: the one for the URL asked (servers differ on the trailing
        // slash), else the only one.
        let own = responses.first { $0.url.path.trimmingSuffix("/") == answer.url.path.trimmingSuffix("/") } ?? responses.first
        guard let (_, _, properties) = own else { throw .unreadable(url: answer.url.absoluteString, reason: "a PROPFIND answer without a response") }
        let collection = Self.collection(answer.url)
        func hrefs(_ name: String, _ namespace: String) -> [URL] {
            properties.filter { $0.name == name && $0.namespace == namespace }.flatMap { $0.children("href", namespace: "DAV:") }.compactMap {
                URL(string: $0.text.trimmingCharacters(in: .whitespacesAndNewlines), relativeTo: answer.url)?.absoluteURL
            }.map(Self.collection)
        }
        let types = properties.first { $0.name == "resourcetype" && $0.namespace == "DAV:" }
        return Description(
            url: collection, calendar: Self.calendar(collection, properties),
            isPrincipal: types?.child("principal", namespace: "DAV:") != nil,
            principal: hrefs("current-user-principal", "DAV:").first, homes: hrefs("calendar-home-set", CalDAVTransport.calDAV))
    }

    private func propfind(_ url: URL, depth: Int) async throws(CalDAVError) -> CalDAVTransport.Answer {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>
              <d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><d:current-user-privilege-set/>
              <d:current-user-principal/><c:calendar-home-set/>
            </d:prop></d:propfind>
            """
        let answer = try await transport.exchange(
            "PROPFIND", url, body: Array(body.utf8), headers: ["Depth": "\(depth)", "Content-Type": "application/xml; charset=utf-8"])
        guard answer.status == 207 else { throw CalDAVTransport.failure(answer.url, answer.status, answer.body) }
        return answer
    }

    // MARK: - Reading answers

    /// The calendar a response describes, or `nil` when it is not a calendar collection.
    static func calendar(_ url: URL, _ properties: [XMLTree]) -> CalDAVCalendar? {
        func property(_ name: String, _ namespace: String) -> XMLTree? {
            properties.first { $0.name == name && $0.namespace == namespace }
        }
        guard property("resourcetype", "DAV:")?.child("calendar", namespace: CalDAVTransport.calDAV) != nil else { return nil }
        let name = property("displayname", "DAV:")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let components = property("supported-calendar-component-set", CalDAVTransport.calDAV)?.children("comp", namespace: CalDAVTransport.calDAV)
            .compactMap { $0.attributes["name"]?.uppercased() }
        let privileges = property("current-user-privilege-set", "DAV:").map { set in
            Set(set.children("privilege", namespace: "DAV:").flatMap(\.children).map(\.name))
        }
        return CalDAVCalendar(
            url: collection(url), displayName: name?.isEmpty == false ? name : nil,
            acceptsEvents: components.map { $0.isEmpty || $0.contains("VEVENT") } ?? true,
            isWritable: privileges.map { !$0.isDisjoint(with: ["all", "write", "write-content", "bind"]) })
    }

    /// A collection's URL ends in `/`.
    static func collection(_ url: URL) -> URL {
        url.absoluteString.hasSuffix("/") ? url : URL(string: url.absoluteString + "/") ?? url
    }

    /// The path segment a calendar made with `name` gets: letters without accents and digits,
    /// words joined by `-` (`Trips abroad` → `trips-abroad`).
    public static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        slug = String(slug.trimmingSuffix("-").prefix(40))
        return slug.isEmpty ? "calendar" : slug
    }

}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
