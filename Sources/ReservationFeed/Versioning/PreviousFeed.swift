import Basics
import ICalendar
import ReservationImport

/// The feed as it was before this run: the events subscribers have, to update in place.
///
/// A feed read from text keeps the text and knows where each event is in it; an event is parsed
/// (through libical) only when the new feed needs to look inside it. An event that would be
/// written again byte for byte is recognised by comparing texts, so regenerating a large feed in
/// which little changed costs little more than generating it.
public struct PreviousFeed: Sendable {
    /// How messages name the feed: its path, when read from a file.
    public var name: String
    /// What is wrong with the feed's structure (an event that is never closed). Events that
    /// cannot be read are reported when the new feed is built.
    public var problems: [String]

    private let source: Source

    private enum Source: Sendable {
        case text(bytes: [UInt8], index: [ICalendarEventIndex.Entry])
        /// A feed file left on disk: each event's text is read from it when needed.
        case file(RandomAccessFile, index: [ICalendarEventIndex.Entry])
        case events([CalendarEvent])
    }

    /// Indexes a feed's iCalendar text.
    ///
    /// - Throws: ``FeedError/previousFeed(_:)`` when the text is not iCalendar.
    public init(iCalendar text: String, name: String = "the previous feed") throws(FeedError) {
        try self.init(iCalendar: Array(text.utf8), name: name)
    }

    /// Indexes a feed's iCalendar text, as UTF-8.
    ///
    /// - Throws: ``FeedError/previousFeed(_:)`` when the text is not iCalendar.
    public init(iCalendar bytes: [UInt8], name: String = "the previous feed") throws(FeedError) {
        let index: ICalendarEventIndex
        do {
            index = try ICalendarEventIndex(bytes)
        } catch {
            throw .previousFeed(.notICalendar(error))
        }
        self.name = name
        problems = index.problems
        source = .text(bytes: bytes, index: index.entries)
    }

    /// Indexes the feed file at `path` in one pass, and leaves it on disk: each event's text is
    /// read from the file when the next version needs it, so a large feed is never all in memory
    /// while the next version is made. `nil` for an empty file.
    ///
    /// - Throws: ``FeedError/previousFeed(_:)`` when the file cannot be read or is not iCalendar.
    static func reading(path: String) throws(FeedError) -> PreviousFeed? {
        let file: RandomAccessFile
        do {
            file = try RandomAccessFile(path: path)
        } catch {
            throw .previousFeed(.unreadable(path: path, error))
        }
        guard file.count > 0 else { return nil }
        let index: ICalendarEventIndex
        do {
            index = try file.withMappedBytes { bytes, release throws(ICalendarReadError) in try ICalendarEventIndex(bytes, done: release) }
        } catch {
            throw .previousFeed(.notICalendar(error))
        }
        return PreviousFeed(name: path, problems: index.problems, source: .file(file, index: index.entries))
    }

    private init(name: String, problems: [String], source: Source) {
        self.name = name
        self.problems = problems
        self.source = source
    }

    /// A previous feed made of these events.
    public init(events: [CalendarEvent], name: String = "the previous feed") {
        self.name = name
        problems = []
        source = .events(events)
    }

    /// Every event that can be read, in file order. Parses them all.
    public var events: [CalendarEvent] {
        (0..<count).compactMap { try? self[$0].event() }
    }

    /// The number of events, readable or not.
    var count: Int {
        switch source {
        case .text(_, let index), .file(_, let index): index.count
        case .events(let events): events.count
        }
    }

    /// One event of the previous feed.
    subscript(position: Int) -> Event {
        switch source {
        case .text(let bytes, let index):
            let entry = index[position]
            return Event(
                position: position, uid: entry.uid, line: entry.line, text: bytes[entry.range], sequence: entry.sequence,
                stamp: entry.stamp, lastModified: entry.lastModified, parsed: nil)
        case .file(let file, let index):
            // Text the file no longer has (cut short since) is an event that cannot be read.
            let entry = index[position]
            return Event(
                position: position, uid: entry.uid, line: entry.line, text: file.bytes(in: entry.range)?[...], sequence: entry.sequence,
                stamp: entry.stamp, lastModified: entry.lastModified, parsed: nil)
        case .events(let events):
            let event = events[position]
            return Event(
                position: position, uid: event.uid, line: nil, text: nil, sequence: event.sequence, stamp: event.stamp,
                lastModified: event.lastModified, parsed: event)
        }
    }

    /// What the feed remembers of who made each booking, by event UID: the organization whose
    /// mail made it (`X-RESERVATION-FEED-BOOKED-BY`), or that it records none (the person's own,
    /// or an event of a version that remembered no maker); the first event of a UID counts.
    public var makers: [String: SenderPolicy.Remembered] {
        var makers: [String: SenderPolicy.Remembered] = [:]
        func add(_ uid: String?, _ maker: String?) {
            guard let uid, makers[uid] == nil else { return }
            makers[uid] = maker.map { .organization($0) } ?? .unrecorded
        }
        switch source {
        case .text(_, let index), .file(_, let index):
            makers.reserveCapacity(index.count)
            for entry in index { add(entry.uid, entry.bookedBy) }
        case .events(let events):
            for event in events { add(event.uid, event.bookedBy) }
        }
        return makers
    }

    /// The trips of the feed (``TripOptions``: events that gather bookings, with
    /// `RELATED-TO;RELTYPE=CHILD`), each with its bookings' UIDs, in file order. Only those
    /// events are parsed.
    func trips() -> [(uid: String, bookings: [String])] {
        let marker = Array("RELTYPE=CHILD".utf8)
        return (0..<count).compactMap { position in
            let old = self[position]
            if let text = old.text, !Self.contains(text, marker) { return nil }
            guard let event = try? old.event() else { return nil }
            let bookings = event.relations.filter { $0.kind == .child }.map(\.uid)
            return bookings.isEmpty ? nil : (event.uid, bookings)
        }
    }

    /// Whether `text` holds `marker`, found with the C library's `memchr` and `memcmp`
    /// (Foundation's `firstRange(of:)` allocated at every step: most of a second run's time with
    /// `--trips`).
    private static func contains(_ text: ArraySlice<UInt8>, _ marker: [UInt8]) -> Bool {
        text.withUnsafeBytes { bytes in
            marker.withUnsafeBytes { wanted in
                guard let base = bytes.baseAddress, let needle = wanted.baseAddress, let first = wanted.first, bytes.count >= wanted.count
                else { return false }
                var offset = 0
                while offset <= bytes.count - wanted.count {
                    guard let found = memchr(base + offset, Int32(first), bytes.count - wanted.count - offset + 1) else { return false }
                    offset = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + offset, needle, wanted.count) == 0 { return true }
                    offset += 1
                }
                return false
            }
        }
    }

    /// The UID of an event as indexed, without its text.
    func uid(at position: Int) -> String? {
        switch source {
        case .text(_, let index), .file(_, let index): index[position].uid
        case .events(let events): events[position].uid
        }
    }

    /// The position of each UID's first event.
    func positionsByUID() -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(count)
        for position in 0..<count {
            if let uid = uid(at: position), positions[uid] == nil { positions[uid] = position }
        }
        return positions
    }

    /// An event of the previous feed, read or not.
    struct Event: Sendable {
        var position: Int
        /// The UID as indexed (libical's reading prevails when the event is parsed).
        var uid: String?
        /// The line the event starts on, for a feed read from text.
        var line: Int?
        /// Its text as the feed holds it, for a feed read from text.
        var text: ArraySlice<UInt8>?
        /// The version hints read with the index.
        var sequence: Int?
        var stamp: Instant?
        var lastModified: Instant?
        let parsed: CalendarEvent?

        /// The event, parsed.
        func event() throws(ICalendarReadError) -> CalendarEvent {
            if let parsed { return parsed }
            guard let text else { throw .unreadableEvent("is missing") }
            return try ICalendarReader().event(in: text)
        }

        /// How messages name it: `an event` when they give its line, else `the event at position 3`.
        var label: String {
            line == nil ? "the event at position \(position + 1)" : "an event"
        }
    }
}
