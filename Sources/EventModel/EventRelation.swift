/// How an event stands to another of the same feed (`RELATED-TO`, with its `RELTYPE`): a trip
/// gathers its bookings as children, a connection names the two legs it joins as siblings.
public struct EventRelation: Sendable, Hashable {
    /// The kind of relation, as RFC 5545's `RELTYPE` names it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The other event is part of this one (`RELTYPE=CHILD`).
        case child = "CHILD"
        /// The other event is beside this one (`RELTYPE=SIBLING`).
        case sibling = "SIBLING"
    }

    /// The kind of relation.
    public var kind: Kind
    /// The other event's UID.
    public var uid: String

    /// Creates a relation.
    public init(_ kind: Kind, _ uid: String) {
        self.kind = kind
        self.uid = uid
    }
}
