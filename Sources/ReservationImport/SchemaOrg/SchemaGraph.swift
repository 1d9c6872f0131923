/// The schema.org objects of one piece of markup (a JSON-LD document or array element, or a
/// page's Microdata items) and all their values, stored flat: a handful of arrays instead of a
/// tree of small values, so that reading a file of 100,000 reservations does not make and free
/// millions of them. ``SchemaObject`` and ``SchemaValue`` are views into it.
///
/// An object's properties are contiguous, in document order (first appearance of each name),
/// and so are each property's values, so looking a property up is a short scan with no
/// allocation.
final class SchemaGraph: Sendable {
    struct Object: Sendable {
        /// Into ``typeNames``: the types' local names.
        var types: Range<Int>
        /// Into ``properties``.
        var properties: Range<Int>
        var location: Location
    }

    struct Property: Sendable {
        /// The local name (`reservationFor`).
        var name: String
        /// Into ``values``.
        var values: Range<Int>
    }

    struct Value: Sendable {
        enum Kind: Sendable {
            case text(String)
            /// An index into ``objects``.
            case object(Int)
        }

        var kind: Kind
        var location: Location
    }

    /// Where an object or value is: its path, made only when a message needs it, and its byte
    /// offset (JSON-LD) or line (Microdata).
    struct Location: Sendable {
        /// The object it belongs to, or `nil` for a top-level object.
        var owner: Int?
        /// The path component under the owner (`reservationFor`, `["@type"]`), or the whole path
        /// of a top-level object.
        var component: String
        /// The index in an array, when the value is one of several.
        var index: Int?
        var offset: Int?
        var line: Int?
    }

    let objects: [Object]
    let typeNames: [String]
    let properties: [Property]
    let values: [Value]
    /// The top-level objects, in document order.
    let roots: [Int]

    init(objects: [Object], typeNames: [String], properties: [Property], values: [Value], roots: [Int]) {
        self.objects = objects
        self.typeNames = typeNames
        self.properties = properties
        self.values = values
        self.roots = roots
    }

    /// The path of what is at `location`: `[3].reservationFor.departureAirport`.
    func path(of location: Location) -> String {
        guard let owner = location.owner else { return location.component }
        let joined = JSONPath.join(path(of: objects[owner].location), location.component)
        return location.index.map { joined + "[\($0)]" } ?? joined
    }
}
