import Diagnostics
import Foundation
import ReservationFeed

/// What a publishing run will do to the calendar: the writes, and the events it leaves alone
/// and why. Made by ``PublishPlanner`` without the network, carried out by ``CalDAVPublisher``.
public struct PublishPlan: Sendable {
    /// The writes, in feed order.
    public var actions: [Action] = []
    /// Events already as they should be.
    public var unchanged: [String] = []
    /// Events edited in the calendar whose reservation did not change since: the person's
    /// version stays, silently.
    public var keptEdited: [String] = []
    /// Events edited in the calendar whose reservation changed since: not written
    /// (``ConflictPolicy/keep``), each with a message.
    public var conflicts: [Diagnostic] = []
    /// Events the person deleted from the calendar whose reservation did not change since: not
    /// published again.
    public var keptDeleted: [String] = []
    /// Events that ended: left in the calendar as they are, whatever the input says now.
    public var ended: [String] = []
    /// Messages of the build (reservations that gave no event, duplicates) and of the plan
    /// (events held by other programs).
    public var diagnostics: [Diagnostic] = []
    /// The state to save once the actions are done (each done action adds to it).
    public var state: PublishState

    /// One write.
    public enum Action: Sendable, Hashable {
        /// A new event (`If-None-Match: *`).
        case create(PublishedEvent)
        /// A new version of a published event (`If-Match`): changed, or cancelled.
        case update(PublishedEvent, of: RemoteEvent, cancelling: Bool)
        /// A published event whose reservation left the input, under `--missing drop`.
        case delete(RemoteEvent, uid: String)

        /// The event's UID.
        public var uid: String {
            switch self {
            case .create(let published), .update(let published, _, _): published.uid
            case .delete(_, let uid): uid
            }
        }

        /// `create`, `update`, `cancel` or `delete`.
        public var verb: String {
            switch self {
            case .create: "create"
            case .update(_, _, let cancelling): cancelling ? "cancel" : "update"
            case .delete: "delete"
            }
        }
    }
}
