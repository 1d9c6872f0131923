import Chrono
import Reservations

/// A schema.org value as JSON-LD and Microdata both describe it: text, or an object with types
/// and properties. Names are reduced to schema.org's local names (`http://schema.org/name` and
/// `schema:name` are `name`).
enum SchemaValue: Sendable {
    case text(String, SchemaPlace)
    case object(SchemaObject)

    var place: SchemaPlace {
        switch self {
        case .text(_, let place): place
        case .object(let object): object.place
        }
    }

    /// The text of a text value, or the `name` (else the `@value`) of an object.
    var text: String? {
        switch self {
        case .text(let text, _):
            return text
        case .object(let object):
            return object.values("name").lazy.compactMap(\.text).first ?? object.values("@value").lazy.compactMap(\.text).first
        }
    }

    var object: SchemaObject? {
        if case .object(let object) = self { object } else { nil }
    }
}

/// A schema.org object: its types, properties, and where it was found.
struct SchemaObject: Sendable {
    /// The types' local names (`FlightReservation`).
    var types: [String]
    /// The properties by local name; a property may have several values.
    var properties: SchemaProperties
    /// Where the object starts.
    var place: SchemaPlace

    func values(_ name: String) -> [SchemaValue] { properties[name] }

    func isA(_ type: String) -> Bool { types.contains(type) }

    /// The local name of a schema.org IRI or compact name: `http://schema.org/Flight` is `Flight`.
    static func localName(_ name: String) -> String {
        // Most names are plain (`reservationFor`): no colon, nothing to trim.
        let isPlain = name.withUTF8Bytes { bytes in
            guard let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 else { return false }
            return !bytes.contains(UInt8(ascii: ":"))
        }
        if isPlain { return name }
        var name = Substring(name.trimmingWhitespace())
        for prefix in ["http://schema.org/", "https://schema.org/", "http://www.schema.org/", "https://www.schema.org/", "schema:"]
        where name.lowercased().hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
            break
        }
        return String(name)
    }
}

/// Where in an input a schema.org value was found: a path (`script[1].reservationFor.startDate`,
/// `item[2].reservationFor`) and a line and column when known.
///
/// Only a few places ever appear in a message, so the path is joined, and a byte offset turned
/// into a line and column, only when asked: a value keeps its object's path and its own member
/// name apart, and its offset.
struct SchemaPlace: Sendable {
    /// The path of the object the value is in, or of the value itself.
    private var base: String
    /// The member name (already a path component) and array index under `base`, if any.
    private var member: String?
    private var index: Int?
    /// The line and column, when known directly (Microdata gives lines).
    private(set) var position: TextPosition?
    /// The byte offset in the JSON text, to be turned into a position by ``located(by:)``.
    private(set) var offset: Int?

    init(path: String, position: TextPosition? = nil, offset: Int? = nil) {
        base = path
        self.position = position
        self.offset = offset
    }

    /// A value `member` (a path component) of the object at `objectPath`, at `index` in an array.
    init(objectPath: String, member: String, index: Int?, offset: Int) {
        base = objectPath
        self.member = member
        self.index = index
        self.offset = offset
    }

    var path: String {
        guard let member else { return base }
        let joined = JSONPath.join(base, member)
        return index.map { joined + "[\($0)]" } ?? joined
    }

    func appending(_ component: String) -> SchemaPlace {
        var place = self
        place.base = JSONPath.join(path, component)
        place.member = nil
        place.index = nil
        return place
    }

    /// The place with its offset turned into a line and column.
    func located(by locate: (Int) -> TextPosition?) -> SchemaPlace {
        guard position == nil, let offset else { return self }
        var place = self
        place.position = locate(offset)
        return place
    }
}
