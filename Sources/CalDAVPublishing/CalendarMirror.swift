import CalDAV
import Foundation
import ReservationFeed

/// A copy of a calendar's resources as the last run saw them, with the server's sync token, so
/// that the next run asks only for what changed since (`sync-collection`, RFC 6578) instead of
/// every event.
///
/// It lives beside the state file (`NAME.mirror` for `NAME.json`). It is a cache: a lost,
/// damaged or stale one costs one full listing, never a wrong plan, since the server says what
/// changed since the token and a token it no longer knows starts the listing afresh.
///
/// The file is text: a header line, the calendar's URL, the token, then each resource as a
/// line `URL<TAB>ETAG<TAB>BYTES` followed by its text and a line end.
public struct CalendarMirror: Sendable, Hashable {
    /// The calendar's URL.
    public var calendar: String
    /// The server's sync token for this copy.
    public var token: String
    /// The resources by URL.
    public var resources: [String: CalDAVClient.Resource]

    static let header = "reservation-feed calendar mirror 1"

    public init(calendar: String, token: String, resources: [String: CalDAVClient.Resource] = [:]) {
        self.calendar = calendar
        self.token = token
        self.resources = resources
    }

    /// Applies what changed.
    public mutating func apply(_ changes: CalDAVClient.Changes) {
        token = changes.token
        for url in changes.removed { resources[url.absoluteString] = nil }
        for resource in changes.changed { resources[resource.url.absoluteString] = resource }
    }

    /// Where the mirror of the state at `statePath` is kept.
    public static func path(besideState statePath: String) -> String {
        let url = URL(fileURLWithPath: statePath)
        return url.deletingPathExtension().path + ".mirror"
    }

    /// The mirror at `path` for `calendar`, or `nil` when there is none, it is for another
    /// calendar, or it cannot be read (a cache: it is made again). With `members`, resources an
    /// earlier run kept that are not inside the calendar are dropped: they are never written to.
    public static func load(_ path: String, calendar: String, members: CollectionMembers? = nil) -> CalendarMirror? {
        // Another user's file, or a link of theirs, is no mirror of this person's calendar.
        guard let bytes = try? OutputLocation(path).read() else { return nil }
        var index = 0
        func line() -> String? {
            guard let end = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        guard line() == header, line() == calendar, let token = line(), !token.isEmpty else { return nil }
        var mirror = CalendarMirror(calendar: calendar, token: token)
        while index < bytes.count {
            guard let fields = line()?.split(separator: "\t", omittingEmptySubsequences: false), fields.count == 3,
                let url = URL(string: String(fields[0])), let count = Int(fields[2]), count >= 0, index + count < bytes.count,
                bytes[index + count] == 0x0A
            else { return nil }
            let text = String(decoding: bytes[index..<(index + count)], as: UTF8.self)
            index += count + 1
            let tag = fields[1].isEmpty ? nil : String(fields[1])
            if let members, !members.contains(url) { continue }
            mirror.resources[url.absoluteString] = CalDAVClient.Resource(url: url, entityTag: tag, calendarData: text)
        }
        return mirror
    }

    /// Writes the mirror to `path` atomically, a megabyte at a time (never a second copy of the
    /// calendar in memory).
    public func save(_ path: String) throws {
        // The events of a person's calendar: for their eyes only.
        try AtomicFileWriter.replace(path, permissions: 0o600) { write in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 20)
            func append(_ text: String) throws {
                bytes += text.utf8
                if bytes.count >= 1 << 20 {
                    try write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
            }
            try append("\(Self.header)\n\(calendar)\n\(token)\n")
            for key in resources.keys.sorted() {
                let resource = resources[key]!
                let tag = (resource.entityTag ?? "").replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
                try append("\(resource.url.absoluteString)\t\(tag)\t\(resource.calendarData.utf8.count)\n")
                try append(resource.calendarData)
                try append("\n")
            }
            try write(bytes)
        }
    }
}
