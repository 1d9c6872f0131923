import Diagnostics
import ICalendar

/// What one run of ``FeedBuilder`` assembled, before it becomes a ``FeedDocument`` or a file.
struct FeedAssembly {
    /// The events, in feed order.
    var entries: [FeedEntry] = []
    var changes = FeedChanges()
    var diagnostics: [Diagnostic] = []
    var skipped: [SkippedReservation] = []
    /// The zones the events use, with their years.
    var timeZones = TimeZoneSpans()
    /// Where the texts of `.spooled` entries are.
    var spool: TextSpool?

    /// Appends the text of an entry to `buffer`.
    func appendText(of entry: FeedEntry, to buffer: inout [UInt8]) throws(FeedError) {
        switch entry.text {
        case .bytes(let bytes): buffer += bytes
        case .spooled(let range): try spool?.read(range, appendingTo: &buffer)
        case nil: break
        }
    }

    /// The calendar document of `entries`, the one layout every file of events has (the feed,
    /// and a file of one event): the calendar's opening with the zones the events use, the
    /// events' texts, the closing. Handed to `output` in pieces of about `chunkSize` bytes,
    /// so that a large feed is never one string in memory.
    ///
    /// The entries are read where they lie: iterating an array copies each element, which for an
    /// entry is a count on each of its strings (measured in docs/performance.md).
    func writeDocument(
        of entries: [FeedEntry], properties: CalendarProperties, timeZones: TimeZoneSpans, chunkSize: Int = .max,
        to output: ([UInt8]) throws -> Void
    ) throws {
        var buffer: [UInt8]
        do {
            buffer = try ICalendarWriter().opening(properties, timeZones: timeZones)
        } catch {
            throw FeedError.iCalendar(error)
        }
        if chunkSize < .max { buffer.reserveCapacity(chunkSize + 4096) }
        try entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                try appendText(of: entries[index], to: &buffer)
                if buffer.count >= chunkSize {
                    try output(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        buffer += ICalendarWriter.closing
        try output(buffer)
    }
}

extension FeedAssembly {
    /// Puts the entries in feed order (``FeedEntry/precedes(_:)``).
    ///
    /// Their positions are sorted, by start and then UID, and the entries then swapped into
    /// place once each: sorting the entries themselves would copy each entry, with its strings,
    /// some log₂ n times. The UIDs are compared by their first
    /// eight bytes, kept beside the positions, and read whole only where those are equal.
    mutating func sortEntries() {
        // 24 bytes a key (a position fits 32 bits): the keys and the sort's own buffer are the
        // largest allocations at the end of a run, when its memory peaks.
        precondition(entries.count <= Int(UInt32.max), "a feed has fewer than 2³² events")
        var keys: [(start: Int64, uid: UIDPrefix, position: UInt32)] = []
        keys.reserveCapacity(entries.count)
        entries.withUnsafeBufferPointer { entries in
            for position in entries.indices {
                keys.append((entries[position].sortKey.secondsSinceEpoch, UIDPrefix(entries[position].uid), UInt32(position)))
            }
            keys.sort { first, second in
                if first.start != second.start { return first.start < second.start }
                if let order = first.uid.precedes(second.uid) { return order }
                return entries[Int(first.position)].uid < entries[Int(second.position)].uid
            }
        }
        // Each cycle of the permutation in turn: the entry that belongs at a position is swapped
        // in, moved in memory (the array's own swap copies each entry, with its strings' counts).
        var placed = [Bool](repeating: false, count: keys.count)
        entries.withUnsafeMutableBufferPointer { entries in
            for start in keys.indices where !placed[start] {
                var position = start
                while true {
                    placed[position] = true
                    let next = Int(keys[position].position)
                    if next == start { break }
                    entries.swapAt(position, next)
                    position = next
                }
            }
        }
    }

    /// Takes in what a step gave, once it is known to be the first claim on its UID.
    mutating func record(_ step: FeedEntryMaker.Step, spool: TextSpool?) throws(FeedError) {
        switch step.outcome {
        case .nothing:
            break
        case .skipped(let skipped):
            self.skipped.append(skipped)
        case .removed:
            if let uid = step.uid { changes.record(.removed, of: uid) }
        case .entry(var entry, let change):
            if let spool, case .bytes(let bytes) = entry.text { entry.text = .spooled(try spool.append(bytes)) }
            entries.append(entry)
            timeZones.include(entry.start)
            if let end = entry.end { timeZones.include(end) }
            changes.record(change, of: entry.uid)
        }
    }
}
