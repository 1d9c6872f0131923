import Crypto
import Diagnostics
import Foundation
import ReservationFeed

/// Takes donated documents (`POST /<secret>/inbox`): reads each as a file would be read, keeps
/// the usable ones in the inbox folder, and says what events they make.
///
/// A donation is a stranger's input. It is read with the same readers and limits as files (its
/// size is refused before it is read whole, by the server), at most `concurrentReadings` at once
/// on threads of their own, and a reading that takes longer than `timeBudget` is answered 503
/// and its result dropped: one slow document never holds up requests for the feed.
public struct DonationDesk: Sendable {
    /// Where usable donations are kept, as files the feed reads like any other input.
    public var inbox: String
    /// How documents are read.
    public var importer: ReservationImporter
    /// The feed's options, for the events a donation makes.
    public var options: FeedOptions
    /// How long a reading may take, in seconds.
    var timeBudget: TimeInterval = 10
    /// The most reservations one donation may hold: one with more is refused whole (a page of
    /// 20,000 made-up bookings would otherwise be 20,000 events in every subscriber's calendar).
    public var reservationLimit = 500
    /// How the messages of its answers name settings (`serve` passes the command line's).
    public var wording = DiagnosticWording.library

    /// What a donation came to.
    public struct Receipt: Sendable {
        /// The HTTP status: 201 kept, 200 already kept, 422 nothing usable, 503 too slow.
        public var status: Int
        /// The answer's JSON.
        public var json: [UInt8]
        /// Whether a file was added to the inbox (and the feed must be made again).
        public var stored: Bool
    }

    /// Creates a desk.
    public init(inbox: String, importer: ReservationImporter, options: FeedOptions) {
        self.inbox = inbox
        self.importer = importer
        self.options = options
    }

    private static let readings = DispatchSemaphore(value: 2)

    /// Reads a donation and keeps it when usable.
    ///
    /// - Parameters:
    ///   - body: The document.
    ///   - now: The time.
    ///   - feed: The feed being served, whose record of who made each booking decides whether an
    ///     e-mail may change one (a donation the feed would not take is refused, not kept).
    public func receive(_ body: [UInt8], now: Instant, feed: [UInt8]? = nil) async -> Receipt {
        // A feed this tool wrote holds events, not reservations, and the inbox's reading passes
        // over it: refused, rather than kept and never read.
        if InputDiscovery.isFeedOfThisTool(body) {
            return receipt(422, [("error", .text("the document is a feed reservation-feed wrote, which holds events rather than reservations; donate the confirmations it was made from; nothing was kept"))])
        }
        let digest = SHA256.hash(data: body).prefix(8).map { String(format: "%02x", $0) }.joined()
        let format = InputFormat.detect(body)
        let name = "donation-\(Self.stamp(now))-\(digest).\(Self.fileExtension(format))"
        let reading = await withTaskGroup(of: ImportResult?.self) { group in
            group.addTask { await self.read(body, name: name) }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(self.timeBudget * 1_000_000_000))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard var read = reading else {
            return receipt(503, [("error", .text("the document took longer than \(Int(timeBudget)) s to read; nothing was kept"))])
        }
        // What is said of the run's senders once (an organization that is no known booking
        // sender) is said of this one document here.
        guard read.reservations.count <= reservationLimit else {
            return receipt(
                422,
                [("error", .text("the document holds \(read.reservations.count) reservations, more than the \(reservationLimit) a donation may (--donation-reservations); nothing was kept"))])
        }
        var refusals: [Diagnostic] = []
        var admitted = false
        if let feed, read.reservations.contains(where: { $0.sender != nil }) {
            admitted = true
            // A booking is changed only by its own sender: what the feed would refuse is refused here.
            let previous = try? PreviousFeed(iCalendar: String(decoding: feed, as: UTF8.self))
            let before = read.reservations.count
            _ = InputReading(discovery: InputDiscovery(), importer: importer).admit(&read, makers: previous?.makers ?? [:]) { refusals.append($0) }
            if read.reservations.isEmpty, before > 0 {
                let messages = refusals.map { JSONReport.Value.text($0.description(wording)) }
                return receipt(
                    422,
                    [("error", .text("the bookings it changes were made by another organization's mail, which alone (or you) may change them; nothing was kept")),
                     ("messages", .list(messages))])
            }
        }
        // A feed of some people's bookings (--traveller) takes no one else's: kept, it would
        // never reach the feed.
        if let selection = TravellerSelection(options.travellers), !read.reservations.isEmpty {
            var keys = [String?](repeating: nil, count: read.reservations.count)
            selection.select(&read, keys: &keys) { _ in }
            // Whether a person is on no booking at all is the feed's to say, not this document's.
            read.diagnostics.removeAll { $0.code == .travellerUnmatched }
            if read.reservations.isEmpty {
                return receipt(
                    422,
                    [("error", .text("its bookings are for none of the people this feed is for (\(DiagnosticMessage("\(setting: Setting("traveller", "NAME"))").text(wording))); nothing was kept"))])
            }
        }
        // Admission said what there is to say of the senders already, into the diagnostics.
        let said: [Diagnostic] = admitted ? refusals.filter { !read.diagnostics.contains($0) } : read.senderSummaries()
        let linted: [Diagnostic] = ReservationLinter(options: options).lint(read.reservations, now: now)
        let findings: [Diagnostic] = read.diagnostics + said + linted
        let messages = findings.map { JSONReport.Value.text($0.description(wording)) }
        guard !read.reservations.isEmpty, !findings.contains(where: { $0.severity == .error }) else {
            let reason =
                !read.unknownSenders.isEmpty
                ? "the e-mail's sender is verified but is no known booking sender, so its bookings are not used"
                : !read.withheld.isEmpty
                    ? "the e-mail's sender is not verified, so its bookings are not used"
                    : read.reservations.isEmpty ? "no reservation found in the document" : "the document has errors"
            return receipt(422, [("error", .text(reason + "; nothing was kept")), ("messages", .list(messages))])
        }
        var builderOptions = options
        builderOptions.allowShrink = true
        let events = (try? FeedBuilder(options: builderOptions, concurrency: 1).build(from: read.reservations, now: now).feed.events) ?? []
        // What makes no event (a booking over already, one not confirmed) would be kept and never
        // reach the feed: refused instead.
        guard !events.isEmpty else {
            return receipt(
                422,
                [("error", .text("it makes no event: its bookings are over already or not confirmed (see the messages); nothing was kept")),
                 ("messages", .list(messages))])
        }
        let eventList = JSONReport.Value.list(
            events.map { event in
                .object([
                    ("uid", .text(event.uid)), ("title", .text(event.summary)), ("start", .text(event.start.description)),
                    ("end", event.end.map { .text($0.description) } ?? .null), ("status", .text(event.status?.rawValue ?? "CONFIRMED")),
                ])
            })
        // The same document donated again is the same file: kept once.
        if let existing = (try? FileManager.default.contentsOfDirectory(atPath: inbox))?.first(where: { $0.contains("-\(digest).") }) {
            return receipt(200, [("stored", .text(existing)), ("already", .bool(true)), ("events", eventList), ("messages", .list(messages))])
        }
        do {
            // Another user's link in the inbox's place is not followed.
            try OutputLocation.checkFolder(inbox)
            try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
            // Donated mail and pages are the person's own: for their eyes only.
            try AtomicFileWriter.replace(inbox + "/" + name, permissions: 0o600) { write in try write(body) }
        } catch {
            return receipt(500, [("error", .text("the donation could not be kept: \(wording.text(of: error))"))])
        }
        var result = receipt(201, [("stored", .text(name)), ("events", eventList), ("messages", .list(messages))])
        result.stored = true
        return result
    }

    /// Reads on a thread of its own, at most two at once.
    private func read(_ body: [UInt8], name: String) async -> ImportResult {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                Self.readings.wait()
                defer { Self.readings.signal() }
                continuation.resume(returning: importer.read(body, source: .donation(inbox + "/" + name)))
            }
        }
    }

    private func receipt(_ status: Int, _ fields: [(String, JSONReport.Value)]) -> Receipt {
        Receipt(status: status, json: Array((JSONReport.Value.object(fields).text + "\n").utf8), stored: false)
    }

    /// `20270615T140000Z`, so that donations sort in the order they came.
    private static func stamp(_ now: Instant) -> String {
        now.utcDateTime.basicDescription + "Z"
    }

    private static func fileExtension(_ format: InputFormat?) -> String {
        switch format {
        case .nativeJSON?, .jsonLD?: "json"
        case .html?: "html"
        case .email?: "eml"
        case .mbox?: "mbox"
        case .iCalendar?: "ics"
        default: "txt"
        }
    }
}
