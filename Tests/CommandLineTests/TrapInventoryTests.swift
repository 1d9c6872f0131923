import Foundation
import TestSupport
import Testing

/// Every place in the sources where the program can stop itself (a `precondition`, a
/// `preconditionFailure`, a `fatalError`, a `try!`, a force unwrap), listed with why no input
/// reaches it. A new one fails this test until it is listed here with its reason, or removed.
@Suite("Places the program can stop itself, and why no input reaches them")
struct TrapInventoryTests {
    /// File (under Sources/), how many, and why none is reached from input.
    static let inventory: [String: (count: Int, reason: String)] = [
        "Basics/PerThread.swift": (1, "precondition: a thread-specific key is made once per kind of cache, a fixed handful, far below PTHREAD_KEYS_MAX"),
        "Basics/RandomAccessFile.swift": (1, "baseAddress! of a buffer of range.count > 0 bytes, inside the loop that reads them"),
        "CalDAVPublishing/CalDAVPublisher.swift": (1, "resources[key]! for keys taken from the same dictionary"),
        "CalDAVPublishing/CalendarMirror.swift": (1, "resources[key]! for keys taken from the same dictionary"),
        "Chrono/LenientDates/LenientDateDecoding.swift": (1, "CodingUserInfoKey of a constant, non-empty name"),
        "Chrono/LenientDates/LenientDateParser.swift": (1, "offset! set on the line before"),
        "Chrono/Zones/PosixTimeZoneRule.swift": (
            3,
            "LocalDate(year:month:day:)! with a year of a LocalDate (1 to 9999, saturated), a month of 1 to 12 and a day within the month; the rules are the system's tz database's, not input"
        ),
        "Chrono/Zones/ZoneInfo.swift": (2, "table! in the branch where it was just checked"),
        "DKIM/DKIMVerifier.swift": (1, "baseAddress! of a non-empty array's buffer (Swift's arrays give one even when empty)"),
        "EventSynthesis/Categories/DefaultDurations.swift": (1, "LocalTime(hour: 11, minute: 0)!, a constant"),
        "EventSynthesis/EventIdentity.swift": (1, "UUID of a constant string"),
        "EventSynthesis/Places/Whereabouts.swift": (1, "match! in the case that matched it"),
        "EventSynthesis/Text/Text.swift": (2, "joined! after it was set"),
        "EventSynthesis/Time/TimeFormatter.swift": (1, "TimeZone(identifier: \"GMT\")!, always known to Foundation"),
        "Airports/AirportDirectory.swift": (1, "zones.first! where zones.count == 1"),
        "FeedServer/FeedResponder.swift": (1, "HTTPField.Name of a constant, valid name"),
        "FeedServer/FeedSecret.swift": (1, "FeedSecret(text)! of 24 random bytes in base64url: 32 valid characters"),
        "Geography/CountryTimeZones.swift": (1, "nearest! after `nearest == nil ||`"),
        "HTMLMarkup/HTMLTree.swift": (
            2, "baseAddress! of an array's buffer (never nil for Swift's arrays), and the parser's private pointer, set to the tree when it is made"
        ),
        "ICalendar/ICalendarEventIndex.swift": (6, "current! in the branches where an event was opened"),
        "ICalendar/ICalendarWriter.swift": (1, "preconditionFailure: writing into memory cannot fail; libical's failures are thrown before"),
        "ICalendar/TimeZoneComponents.swift": (1, "LocalDate(year:month:day:)! with the year held within 1 to 9999 on the same line"),
        "IMAP/IMAPFolderSync.swift": (4, "previous! where sameGeneration says there is one; batch.max()! of a batch that is never empty"),
        "JSONParsing/JSONParser.swift": (2, "root! once the parse succeeded; baseAddress! inside the loop over bytes that exist"),
        "MailMessage/MailMessage.swift": (1, "baseAddress! of bytes checked not to be empty the line before"),
        "Mailboxes/MailCache.swift": (2, "a path the cache built with a slash; baseAddress! inside the loop over bytes to write"),
        "Mailboxes/MboxReader.swift": (12, "current! and bytes! in the branches that checked them; baseAddress! of the buffer being split"),
        "Parallel/Parallel+Batches.swift": (1, "precondition: batch sizes are constants of the callers (512, 4096), above 0"),
        "Parallel/Parallel.swift": (1, "baseAddress! of a buffer allocated for count > 0 values"),
        "Parallel/ParallelBatch.swift": (1, "precondition: ranges come from Parallel.batches, within the elements"),
        "ProgramSupport/DetachedThread.swift": (2, "the context pthread_create was given, and the thread it made when it returned 0"),
        "ProgramSupport/StandardError.swift": (1, "baseAddress! inside the loop over bytes to write"),
        "Programs/Processes/ChildProcess.swift": (1, "baseAddress! inside the loop over bytes to write"),
        "Programs/Extraction/ExtractorHelperProcess.swift": (1, "baseAddress! inside the loop over bytes to read"),
        "Programs/Options/InputOptions.swift": (1, "a limit looked up by a name from the same table, for --help"),
        "ReservationFeed/Building/FeedAssembly.swift": (
            1, "precondition: fewer than 2³² events, where inputs are held to 1,000,000 reservations each and memory runs out far before"
        ),
        "ReservationFeed/Files/AtomicFileWriter.swift": (1, "baseAddress! inside the loop over bytes to write"),
        "ReservationFeed/Files/EventFiles.swift": (1, "preconditionFailure: collecting text in memory throws nothing"),
        "ReservationFeed/Files/TextSpool.swift": (5, "mkstemp's template, and baseAddress! inside loops over bytes that exist"),
        "ReservationFeed/Lint/LintReport.swift": (1, "try!: encoding strings and integers as JSON cannot fail"),
        "ReservationImport/Inputs/FileContents.swift": (1, "baseAddress! of a buffer with room > 0"),
        "ReservationImport/Merging/ReservationMerger.swift": (4, "groups[key]! for keys just put in; firstIndex(of:)! of members of the group"),
        "ReservationImport/NativeJSON/NativeJSONReader.swift": (1, "member(\"reservations\")! in the case that checked it"),
        "ReservationImport/SchemaOrg/SchemaGraphBuilder.swift": (2, "the source's base where a slice of it has one; nested[inner]! for items the builder made"),
        "Reservations/FieldPath+Reservation.swift": (1, "precondition: the model's own coding keys agree, checked once at start and by the tests"),
        "TimeZoneMap/ZoneMap.swift": (2, "preconditions on the compiled-in zone table's shape and on indexes computed within it"),
        "XMLParsing/XMLChildStream.swift": (2, "fatalError only when libxml2 cannot allocate a parser (a process out of memory); the parser's private pointer, set when it is made"),
    ]

    /// The places in each file, as this test finds them.
    static func places() throws -> [String: [String]] {
        let patterns = try [
            NSRegularExpression(pattern: #"\b(precondition|preconditionFailure|fatalError)\("#),
            NSRegularExpression(pattern: #"\btry!"#),
            NSRegularExpression(pattern: #"[A-Za-z0-9_\)\]]!(?!=)"#),
        ]
        let sources = Repository.url("Sources")
        var found: [String: [String]] = [:]
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let range = NSRange(code.startIndex..., in: code)
                let hits = patterns.reduce(0) { $0 + $1.numberOfMatches(in: code, range: range) }
                // `try!` also matches the force-unwrap pattern: counted once.
                let doubled = patterns[1].numberOfMatches(in: code, range: range)
                for _ in 0..<(hits - doubled) { found[file, default: []].append("\(file):\(number + 1): \(code)") }
            }
        }
        return found
    }

    @Test("each place is listed with its reason, and the list holds no place that is gone")
    func listed() throws {
        let found = try Self.places()
        for (file, lines) in found.sorted(by: { $0.key < $1.key }) {
            guard let entry = Self.inventory[file] else {
                Issue.record("not listed, with why no input reaches them:\n\(lines.joined(separator: "\n"))")
                continue
            }
            #expect(lines.count == entry.count, "\(file): \(lines.count) places, \(entry.count) listed:\n\(lines.joined(separator: "\n"))")
        }
        for file in Self.inventory.keys where found[file] == nil {
            Issue.record("\(file) is listed but has no such place any more: take it off the list")
        }
        #expect(Self.inventory.values.allSatisfy { !$0.reason.isEmpty })
    }
}
