@testable import CalDAVPublishing
import Foundation
import ReservationFeed

/// A calendar collection in memory for the planner's tests: plans are carried out the way a
/// server takes them (each event written as its own document, read back from text, a new ETag
/// at each write), so the tests see what a real run sees, without the network. The tests against
/// real servers are in CommandLineTests.
struct CalendarModel {
    static let base = URL(string: "https://dav.example.com/calendars/ada/trips/")!
    var resources: [String: RemoteEvent] = [:]
    /// The text of each resource, as it was stored.
    var documents: [String: String] = [:]
    var state = PublishState(calendar: base.absoluteString)
    private var writes = 0

    /// The resources, in name order, as a listing gives them.
    var listing: [RemoteEvent] {
        resources.keys.sorted().compactMap { resources[$0] }
    }

    /// The events, by UID.
    var events: [String: CalendarEvent] {
        Dictionary(uniqueKeysWithValues: resources.values.compactMap { $0.event.map { ($0.uid, $0) } })
    }

    /// Stores a document under `name`, as a server would, with a new ETag.
    mutating func put(_ name: String, _ text: [UInt8]) -> String {
        writes += 1
        let tag = "\"\(writes)\""
        let url = Self.base.appendingPathComponent(name)
        documents[name] = String(decoding: text, as: UTF8.self)
        resources[name] = RemoteEvent(url: url, entityTag: tag, calendarData: String(decoding: text, as: UTF8.self))
        return tag
    }

    /// Carries out a plan: every write succeeds.
    mutating func apply(_ plan: PublishPlan, now: Instant) throws {
        state = plan.state
        for action in plan.actions {
            switch action {
            case .create(let published), .update(let published, _, _):
                let name = EventFiles.fileName(for: published.uid)
                let text = try EventFiles.document(
                    of: published.event, calendar: FeedOptions().calendarProperties, stamp: now,
                    extensions: [ContentDigest.propertyName: published.digest])
                state.record(action, entityTag: put(name, text))
            case .delete(let resource, _):
                resources[resource.url.lastPathComponent] = nil
                state.record(action, entityTag: nil)
            }
        }
    }

    /// A person's edit in their calendar app: the event changed, the mark kept (as clients keep
    /// properties they do not know).
    mutating func edit(_ uid: String, _ change: (inout CalendarEvent) -> Void) throws {
        let name = EventFiles.fileName(for: uid)
        guard let resource = resources[name], var event = resource.event else { throw Missing() }
        change(&event)
        event.sequence += 1
        let mark = resource.publishedDigest.map { [ContentDigest.propertyName: $0] } ?? [:]
        _ = put(
            name,
            try EventFiles.document(of: event, calendar: FeedOptions().calendarProperties, stamp: Instant(secondsSinceEpoch: 0), extensions: mark))
    }

    struct Missing: Error {}
}
