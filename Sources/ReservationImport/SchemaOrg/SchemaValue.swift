import Reservations

/// A schema.org value as JSON-LD and Microdata both describe it: text, or an object with types
/// and properties. Names are reduced to schema.org's local names (`http://schema.org/name` and
/// `schema:name` are `name`).
indirect enum SchemaValue: Sendable {
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
    var properties: [String: [SchemaValue]]
    /// Where the object starts.
    var place: SchemaPlace

    func values(_ name: String) -> [SchemaValue] { properties[name] ?? [] }

    func isA(_ type: String) -> Bool { types.contains(type) }

    /// The local name of a schema.org IRI or compact name: `http://schema.org/Flight` is `Flight`.
    static func localName(_ name: String) -> String {
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
struct SchemaPlace: Sendable {
    var path: String
    var position: TextPosition?

    func appending(_ component: String) -> SchemaPlace {
        SchemaPlace(path: JSONPath.join(path, component), position: position)
    }
}
