import Basics
import Crypto
import EventModel
import Foundation
import HTTPTypes
import ReservationFeed

/// One version of the feed as the server hands it out: its bytes, their gzip form, and the
/// validators clients send back.
///
/// A version is made only when the feed's bytes change, so an unchanged feed keeps its ETag and
/// its Last-Modified, and a client's refresh that finds nothing new costs a 304. A class, so that
/// a request takes the current version with one reference, not one per field.
public final class ServedFeed: Sendable {
    /// The feed, as written to disk.
    public let bytes: [UInt8]
    /// The same, gzip-compressed, for clients that accept it.
    let gzipped: [UInt8]
    /// A strong ETag: a digest of the bytes, quoted.
    public let entityTag: String
    /// The ETag of the gzip form.
    let gzipEntityTag: String
    /// When these bytes were first served; it only moves forward, and moves whenever the bytes change.
    public let lastModified: Date
    /// The same, as an HTTP date.
    let lastModifiedText: String
    /// How long clients may keep the feed before asking again (the feed's REFRESH-INTERVAL).
    let maxAge: Int64?
    /// `Cache-Control` for it: as long as the feed's REFRESH-INTERVAL says.
    let cacheControl: String
    /// The events, for the preview page and single-event downloads: read from the bytes the
    /// first time a page asks, not for every version (an idle server holds less memory, and a
    /// regeneration costs less: docs/performance.md, "serve").
    public var events: [CalendarEvent] { parsed.value }
    private let parsed: ParsedEvents

    /// A version of the feed from its bytes.
    ///
    /// - Parameters:
    ///   - bytes: The feed.
    ///   - previous: The version served until now: its Last-Modified is kept when the bytes are
    ///     the same, and exceeded when they are not.
    ///   - modified: When the feed was written (its file's modification time).
    ///   - maxAge: The feed's refresh interval, in seconds.
    public init(bytes: [UInt8], previous: ServedFeed?, modified: Date, maxAge: Int64?) {
        self.bytes = bytes
        entityTag = "\"" + SHA256.hash(data: bytes).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        if let previous, previous.entityTag == entityTag {
            lastModified = previous.lastModified
        } else {
            // HTTP dates have whole seconds: a change within the second of the last one still
            // moves Last-Modified, so If-Modified-Since never hides it.
            var seconds = modified.timeIntervalSince1970.rounded(.down)
            if let previous { seconds = max(seconds, previous.lastModified.timeIntervalSince1970 + 1) }
            lastModified = Date(timeIntervalSince1970: seconds)
        }
        gzipEntityTag = String(entityTag.dropLast()) + "-gz\""
        lastModifiedText = HTTPDate.format(lastModified)
        gzipped = (try? GzipCompression.compress(bytes)) ?? []
        self.maxAge = maxAge
        cacheControl = maxAge.map { "private, max-age=\($0)" } ?? "private, no-cache"
        parsed = ParsedEvents(bytes)
    }

    /// The events of a version, parsed once, when first asked for.
    private final class ParsedEvents: Sendable {
        /// The feed's text until it is parsed, then its events.
        private let state: Locked<Either>

        private enum Either {
            case text([UInt8])
            case events([CalendarEvent])
        }

        init(_ bytes: [UInt8]) { state = Locked(.text(bytes)) }

        var value: [CalendarEvent] {
            state.withLock { state in
                switch state {
                case .events(let events):
                    return events
                case .text(let bytes):
                    let parsed = (try? PreviousFeed(iCalendar: bytes).events) ?? []
                    state = .events(parsed)
                    return parsed
                }
            }
        }
    }

    /// What a response of the feed says of its version, the same on a 200 and a 304 (RFC 9110
    /// §15.4.5): the representation's tag, the time, how long to keep it, and that the
    /// representation depends on `Accept-Encoding`.
    func validatorFields(tag: String) -> HTTPFields {
        [.eTag: tag, .lastModified: lastModifiedText, .cacheControl: cacheControl, .vary: "Accept-Encoding"]
    }
}
