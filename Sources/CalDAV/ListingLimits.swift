import Foundation

/// How much of a calendar's listing this client keeps, whatever a server sends: 100,000
/// resources, and 128 MB of what is kept of them (their texts, addresses and ETags): far more
/// than any calendar of this package's events. Past either, the server is not answering as a
/// calendar server does (``CalDAVError/tooLarge(url:reason:)``), and the listing stops there.
///
/// A listing is read as it arrives (``MultistatusReader``), so these bound its memory across
/// every request it takes (a listing asked for 500 events at a time counts as one). The bytes of
/// one answer, markup and all, are bounded by ``answerBytes``.
struct ListingLimits: Sendable {
    /// The bytes kept of one listing.
    static let bytes = 128 << 20
    /// The bytes of one answer of a listing: what is kept of it, and its markup, escapes and
    /// what is not kept.
    static let answerBytes = 2 * bytes
    /// The resources (responses) one listing may name.
    static let responses = 100_000
    /// The text of one element, such as one event's `calendar-data`.
    static let eventText = 16 << 20

    /// What is kept so far.
    private(set) var kept = 0
    /// The resources named so far.
    private(set) var responses = 0

    /// Limits for a listing that holds `kept` bytes already: the members' addresses, whose
    /// texts it goes on to ask for (the resources themselves are counted when their texts come).
    init(alreadyKept kept: Int = 0) {
        self.kept = kept
    }

    /// Counts one more resource, with `bytes` kept of it.
    ///
    /// - Throws: ``CalDAVError/tooLarge(url:reason:)`` past a limit.
    mutating func count(_ bytes: Int, at calendar: URL) throws(CalDAVError) {
        responses += 1
        // Each entry costs its URL and bookkeeping beside its texts.
        kept += bytes + 128
        guard responses <= Self.responses else {
            throw .tooLarge(url: calendar.absoluteString, reason: "the calendar's listing names more than \(Self.responses) resources")
        }
        guard kept <= Self.bytes else {
            throw .tooLarge(url: calendar.absoluteString, reason: "the calendar's listing is larger than \(Self.bytes >> 20) MB")
        }
    }
}
