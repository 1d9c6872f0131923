import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

/// A view's tombstones show what the view may show, whatever the previous file held: the whole
/// feed written over a shared or busy one (by hand, or with the wrong `--view`) must not pass its
/// booking numbers, names and links on through the events it cancels.
@Suite("Tombstones in views")
struct ViewTombstoneTests {
    typealias Life = FeedLifecycleTests

    @Test("the full feed's events, cancelled in the shared view, keep no notes or links; in the busy view they say Busy, in UTC", arguments: [FeedView.shared, .busy])
    func copiedFullFeed(view: FeedView) throws {
        let full = try Life.generation(try Life.trip(), after: nil, at: "2030-01-01T00:00:00Z")
        #expect(full.text.contains("K7P2QX") && full.text.contains("Appleseed"))
        var options = FeedOptions()
        options.synthesis.view = view
        options.allowShrink = true
        // The view's own events have UIDs of their own: every event of the full feed is missing from it.
        let shaped = try Life.generation([], after: full.text, at: "2030-01-02T00:00:00Z", options: options)
        let events = try Life.events(shaped.text)
        #expect(events.count == 8)
        #expect(events.allSatisfy { $0.status == .cancelled && $0.notes == nil && $0.url == nil && $0.alarms.isEmpty })
        for leak in ["K7P2QX", "Appleseed", "https://"] { #expect(!shaped.text.contains(leak), "\(view) keeps \(leak)") }
        if view == .busy {
            #expect(events.allSatisfy { $0.summary == "Cancelled: Busy" && $0.location == nil && $0.categories.isEmpty })
            #expect(!shaped.text.contains("TZID="))
        } else {
            #expect(events.contains { $0.summary == "Cancelled: Flight AY 20 · SFO → HEL" })
        }
        let folder = try TemporaryFolder("view-tombstones")
        #expect(try ICSValidator.validate([try folder.write("\(view).ics", shaped.text)]).passed)
    }

    @Test("a view made before view keys keeps its events' UIDs when a key comes: nothing is cancelled or changed, and a new booking gets a keyed UID")
    func viewFromEarlierVersion() throws {
        var unkeyed = FeedOptions()
        unkeyed.synthesis.view = .shared
        let trip = try Life.trip()
        let before = try Life.generation(Array(trip.dropLast()), after: nil, at: "2030-01-01T00:00:00Z", options: unkeyed)
        var keyed = unkeyed
        keyed.synthesis.viewKey = "0123456789abcdef0123456789abcdef"
        let after = try Life.generation(trip, after: before.text, at: "2030-01-02T00:00:00Z", options: keyed)
        #expect(after.changes.unchanged.count == 7 && after.changes.added.count == 1 && after.changes.cancelled.isEmpty, "\(after.changes)")
        let fresh = try Life.generation(trip, after: nil, at: "2030-01-02T00:00:00Z", options: keyed)
        let added = Set(try Life.events(after.text).map(\.uid)).subtracting(try Life.events(before.text).map(\.uid))
        let freshUIDs = Set(try Life.events(fresh.text).map(\.uid))
        #expect(added.count == 1 && freshUIDs.isSuperset(of: added), "the new booking's UID is the keyed one")
    }
}

