import Basics
import Foundation
import ReservationFeed

/// What publishing remembers about a calendar between runs, in a small JSON file: for each event
/// it published, the digest and ETag it wrote, and which events the person deleted.
///
/// The calendar itself says which events are this package's (``RemoteEvent/isPublished``), so a
/// lost state file or a second machine duplicates nothing. What only the state knows is that an
/// event missing from the calendar was deleted there by the person, who should not get it back
/// unless its reservation changes; and which ETag an event had, to notice edits to what
/// publishing does not write.
public struct PublishState: Sendable, Hashable, Codable {
    /// The calendar's URL.
    public var calendar: String
    /// Records by event UID.
    public var events: [String: Record]

    /// What is known about one published event.
    public struct Record: Sendable, Hashable, Codable {
        /// The content digest last published (``ContentDigest``).
        public var digest: String
        /// The ETag it had after publishing, when the server said.
        public var entityTag: String?
        /// Whether the person deleted it from the calendar (it is not published again while the
        /// content stays the same).
        var deletedInCalendar: Bool

        public init(digest: String, entityTag: String?, deletedInCalendar: Bool = false) {
            self.digest = digest
            self.entityTag = entityTag
            self.deletedInCalendar = deletedInCalendar
        }
    }

    /// An empty state for `calendar`.
    public init(calendar: String, events: [String: Record] = [:]) {
        self.calendar = calendar
        self.events = events
    }

    /// Records a write the server accepted: what was published and its ETag, or, for a
    /// deletion, nothing any more.
    public mutating func record(_ action: PublishPlan.Action, entityTag: String?) {
        switch action {
        case .create(let published), .update(let published, _, _):
            events[published.uid] = Record(digest: published.digest, entityTag: entityTag)
        case .delete(_, let uid):
            events[uid] = nil
        }
    }

    /// The state in `path`: an empty one when the file does not exist, or belongs to another
    /// calendar.
    ///
    /// - Throws: ``PublishError/state(path:reason:)`` when the file cannot be read or is not a
    ///   state file.
    public static func load(_ path: String, calendar: String) throws(PublishError) -> PublishState {
        // The running user's own file: another's, or a link of another's, is refused.
        let data: Data
        do {
            guard let bytes = try OutputLocation(path).read() else { return PublishState(calendar: calendar) }
            data = Data(bytes)
        } catch {
            throw .state(path: path, reason: "cannot be used: \(error.description)")
        }
        let state: PublishState
        do {
            state = try JSONDecoder().decode(PublishState.self, from: data)
        } catch {
            throw .state(path: path, reason: "is not a publishing state file (delete it to start afresh): \(error)")
        }
        return state.calendar == calendar ? state : PublishState(calendar: calendar)
    }

    /// Writes the state to `path` atomically, creating its folder.
    public func save(_ path: String) throws(PublishError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let data = try encoder.encode(self)
            // Which events of the calendar are the tool's, and their tags: the owner's alone.
            try AtomicFileWriter.replace(path, permissions: 0o600) { write in try write([UInt8](data) + [0x0A]) }
        } catch FeedError.write(_, let reason) {
            throw .state(path: path, reason: "cannot be written: \(reason)")
        } catch {
            throw .state(path: path, reason: "cannot be written: \(error)")
        }
    }

    /// Where the state of a calendar is kept when no `--state` is given:
    /// `$XDG_STATE_HOME/reservation-feed/publish/HOST-HASH.json` (`~/.local/state` when
    /// `XDG_STATE_HOME` is not set), one file per calendar and user.
    public static func defaultPath(calendar: URL, user: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        let base = PrivateFolder.stateFolder(environment: environment)
        let key = "\(user ?? "")\n\(calendar.absoluteString)"
        // FNV-1a: a stable name, not a secret.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let host = (calendar.host ?? "calendar").filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
        return "\(base)/publish/\(host)-\(String(hash, radix: 16)).json"
    }
}
