import Chrono
import EventModel
import TestSupport
import Testing

@testable import ReservationFeed

@Suite("Feed order")
struct FeedOrderTests {
    /// Characters that test the prefix's limits: ASCII, NUL, a combining mark that joins the letter
    /// before it (`e` + U+0301 is `é`, which orders after `f`), letters outside ASCII, an emoji.
    static let characters: [String] = ["a", "e", "f", "z", "0", "-", "@", "\u{0}", "\u{301}", "é", "ß", "😀"]

    static func randomUID(using generator: inout SeededGenerator) -> String {
        String((0..<Int.random(in: 0...11, using: &generator)).map { _ in Self.characters.randomElement(using: &generator)! }.joined())
    }

    @Test("a UID's prefix orders as the UID does, or leaves it to the UIDs")
    func prefixAgreesWithStrings() {
        var generator = SeededGenerator(seed: 23)
        var pairs: [(String, String)] = [
            ("abcdefghe\u{301}", "abcdefghf"), ("abcdefge\u{301}", "abcdefgf"), ("abcdefg", "abcdefgh"), ("abc", "abc\u{0}"),
            ("", "a"), ("72ab44d3-1792", "72ab44d3-1793"), ("aca1c181", "72ab44d3"),
        ]
        for _ in 0..<50_000 {
            let first = Self.randomUID(using: &generator)
            // Often a UID that shares a beginning with the first.
            let second = Bool.random(using: &generator)
                ? String(first.prefix(Int.random(in: 0...first.count, using: &generator))) + Self.randomUID(using: &generator)
                : Self.randomUID(using: &generator)
            pairs.append((first, second))
        }
        var decided = 0
        let disagreements = pairs.filter { first, second in
            guard let order = UIDPrefix(first).precedes(UIDPrefix(second)) else { return false }
            decided += 1
            return order != (first < second)
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
        #expect(decided > 1_000)
        // The UIDs the builder makes (UUIDs) are told apart by their prefixes, or it buys nothing.
        let hex = Array("0123456789abcdef")
        let uuids = (0..<1_000).map { _ in String((0..<36).map { [8, 13, 18, 23].contains($0) ? "-" : hex.randomElement(using: &generator)! }) }
        #expect(zip(uuids, uuids.dropFirst()).allSatisfy { UIDPrefix($0).precedes(UIDPrefix($1)) == ($0 < $1) })
        #expect(UIDPrefix("abcdefghe\u{301}").precedes(UIDPrefix("abcdefghf")) == nil)
        #expect(UIDPrefix("abcdefge\u{301}").precedes(UIDPrefix("abcdefgf")) == nil)
    }

    @Test("entries are put in order of start, then UID as Swift orders strings, whatever their input order")
    func sortedByStartThenUID() {
        var generator = SeededGenerator(seed: 29)
        var uids: Set<String> = []
        while uids.count < 3_000 { uids.insert(Self.randomUID(using: &generator)) }
        var assembly = FeedAssembly()
        for uid in uids.shuffled(using: &generator) {
            // Few distinct starts, so that most entries share theirs with others.
            let start = EventTime.utc(LocalDateTime(secondsSinceEpoch: 1_800_000_000 + 3_600 * Int64.random(in: 0..<20, using: &generator)))
            assembly.entries.append(FeedEntry(CalendarEvent(uid: uid, summary: "s", start: start), keepingEvent: false, text: nil))
        }
        let expected = assembly.entries.sorted { $0.precedes($1) }.map(\.uid)
        assembly.sortEntries()
        #expect(assembly.entries.map(\.uid) == expected)
    }
}
