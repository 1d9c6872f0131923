import Basics
import Diagnostics
import JSONParsing
import Reservations

/// The schema.org objects of one piece of markup (a JSON-LD document or array element, or a
/// page's Microdata items) and all their values, stored flat: a handful of arrays instead of a
/// tree of small values, so that reading a file of 100,000 reservations does not make and free
/// millions of them. ``SchemaObject`` and ``SchemaValue`` are views into it.
///
/// Text stays where it is in the JSON source until the mapper asks for it, so the strings of
/// properties no reservation uses are never made; names are ``SchemaTerm``s, compared as
/// integers. An object's properties are contiguous, in document order (first appearance of each
/// name), and so are each property's values.
final class SchemaGraph: Sendable {
    /// A piece of text: a range of the source (a JSON string between its quotes, escapes not yet
    /// decoded, or a number or word), or a string of the graph's own (Microdata, decoded entities).
    struct Text: Sendable {
        /// The first byte in the source, or the bitwise complement of an index of ``Texts/owned``.
        var start: Int
        var count: Int
        var hasEscapes: Bool

        init(source range: Range<Int>, hasEscapes: Bool) {
            start = range.lowerBound
            count = range.count
            self.hasEscapes = hasEscapes
        }

        init(own index: Int) {
            start = ~index
            count = 0
            hasEscapes = false
        }
    }

    /// A property or type name: its term when the mapper knows it, and its local name.
    struct Name: Sendable {
        var term: SchemaTerm?
        /// Without its schema.org prefix (`FlightReservation`).
        var local: Text
    }

    struct Object: Sendable {
        /// Into ``types``.
        var types: Range<Int>
        /// Into ``properties``.
        var properties: Range<Int>
        var placement: Placement
        /// Where the object starts: a byte offset (JSON-LD) or a line (Microdata).
        var offset: Int?
        var line: Int?
    }

    /// Where an object is, which its path is made from.
    enum Placement: Sendable {
        /// A top-level object, and its whole path.
        case path(String)
        /// The value of a property, by its index in ``values``.
        case value(Int)
        /// An element of an object's `@graph`.
        case graphElement(owner: Int, index: Int)
    }

    struct Property: Sendable {
        var name: Name
        /// The name as written, which the path shows.
        var key: Text
        /// The object it belongs to.
        var owner: Int
        /// Into ``values``.
        var values: Range<Int>
    }

    struct Value: Sendable {
        enum Content: Sendable {
            case text(Text)
            /// An index into ``objects``.
            case object(Int)
        }

        var content: Content
        /// The property it is a value of.
        var property = 0
        /// Its index in an array, when the property's JSON value was one.
        var arrayIndex: Int?
        var offset: Int?
        var line: Int?
    }

    /// The text of the graph's values and names.
    let texts: Texts
    let objects: [Object]
    let types: [Name]
    let properties: [Property]
    let values: [Value]
    /// The top-level objects, in document order.
    let roots: [Int]
    /// Whether keys go into paths quoted when they are not plain names (`["@id"]`), as JSON
    /// paths write them; Microdata names go in as they are.
    let quotesKeys: Bool

    init(texts: Texts, objects: [Object], types: [Name], properties: [Property], values: [Value], roots: [Int], quotesKeys: Bool) {
        self.texts = texts
        self.objects = objects
        self.types = types
        self.properties = properties
        self.values = values
        self.roots = roots
        self.quotesKeys = quotesKeys
    }

    // MARK: - Look-ups

    // What the mapper asks for every property it reads, by index on the graph itself: a view
    // (``SchemaObject``, ``SchemaValue``) made for each would count a reference to the graph,
    // and to its arrays, up and down each time.

    /// Where the values of an object's property are in ``values``; empty when it has none.
    func valueRange(ofObject object: Int, _ term: SchemaTerm) -> Range<Int> {
        for position in objects[object].properties where properties[position].name.term == term {
            return properties[position].values
        }
        return 0..<0
    }

    /// The first value of an object's property, without white space around it, that is not empty.
    func firstTrimmedText(ofObject object: Int, _ term: SchemaTerm) -> String? {
        for index in valueRange(ofObject: object, term) {
            if let text = trimmedText(ofValue: index) { return text }
        }
        return nil
    }

    /// A value's text (an object's `name`, else its `@value`) without white space around it, or
    /// `nil` when it is empty: ``SchemaValue/trimmedText``.
    func trimmedText(ofValue index: Int) -> String? {
        switch values[index].content {
        case .text(let text): texts.trimmedString(text)
        case .object: SchemaValue(graph: self, index: index).text?.trimmedNonEmpty
        }
    }

    // MARK: - Paths

    /// The path of an object: `[3].reservationFor.departureAirport`.
    func path(ofObject index: Int) -> String {
        switch objects[index].placement {
        case .path(let path): path
        case .value(let value): path(ofValue: value)
        case .graphElement(let owner, let position): JSONPath.join(path(ofObject: owner), "@graph") + "[\(position)]"
        }
    }

    /// The path of a value: its object's, its property's name and its index in an array.
    func path(ofValue index: Int) -> String {
        let value = values[index]
        let property = properties[value.property]
        let key = texts.string(property.key)
        let joined = JSONPath.join(path(ofObject: property.owner), quotesKeys ? JSONPath.component(key) : key)
        return value.arrayIndex.map { joined + "[\($0)]" } ?? joined
    }
}

extension SchemaGraph {
    /// The text of a graph: the JSON source its ranges are in, and the strings of its own.
    struct Texts: Sendable {
        /// The JSON text, or the text of a page whose Microdata values are ranges of it.
        let source: [UInt8]
        /// Whether runs of white space in the source read as one space (a page's text, as a person
        /// reads it); JSON strings are read as written.
        let collapsesWhitespace: Bool
        private(set) var owned: [String] = []

        init(source: [UInt8], collapsesWhitespace: Bool = false) {
            self.source = source
            self.collapsesWhitespace = collapsesWhitespace
        }

        /// Keeps a string, and gives the text that refers to it.
        mutating func own(_ string: String) -> Text {
            owned.append(string)
            return Text(own: owned.count - 1)
        }

        /// The text, decoded.
        func string(_ text: Text) -> String {
            if text.start < 0 { return owned[~text.start] }
            if collapsesWhitespace { return collapsed(text.start..<text.start + text.count) }
            return source.withUnsafeBufferPointer { source in
                JSONText.decode(UnsafeBufferPointer(rebasing: source[text.start..<text.start + text.count]), hasEscapes: text.hasEscapes)
            }
        }

        /// The text without white space around it, or `nil` when nothing is left.
        func trimmedString(_ text: Text) -> String? {
            if collapsesWhitespace, text.start >= 0 {
                let collapsed = collapsed(text.start..<text.start + text.count)
                return collapsed.isEmpty ? nil : collapsed
            }
            guard text.start >= 0, !text.hasEscapes else {
                return string(text).trimmedNonEmpty
            }
            return source.withUnsafeBufferPointer { source -> String? in
                var start = text.start
                var end = text.start + text.count
                while start < end, Self.isASCIIWhitespace(source[start]) { start += 1 }
                while end > start, Self.isASCIIWhitespace(source[end - 1]) { end -= 1 }
                guard start < end else { return nil }
                let trimmed = String(decoding: UnsafeBufferPointer(rebasing: source[start..<end]), as: UTF8.self)
                // Other white space is not ASCII: only text with such ends can have more to trim.
                guard source[start] >= 0x80 || source[end - 1] >= 0x80 else { return trimmed }
                return trimmed.trimmedNonEmpty
            }
        }

        /// Whether two texts are the same once decoded.
        func equal(_ first: Text, _ second: Text) -> Bool {
            guard first.start >= 0, second.start >= 0, !first.hasEscapes, !second.hasEscapes, !collapsesWhitespace else {
                return string(first) == string(second)
            }
            return first.count == second.count
                && source[first.start..<first.start + first.count] == source[second.start..<second.start + second.count]
        }

        /// The source's bytes in `range` with runs of white space as one space, trimmed.
        private func collapsed(_ range: Range<Int>) -> String {
            var result: [UInt8] = []
            result.reserveCapacity(range.count)
            var space = false
            for byte in source[range] {
                if Self.isASCIIWhitespace(byte) {
                    space = !result.isEmpty
                } else {
                    if space { result.append(0x20) }
                    space = false
                    result.append(byte)
                }
            }
            let text = String(decoding: result, as: UTF8.self)
            // Other white space is not ASCII (a no-break space at an end).
            guard let first = result.first, let last = result.last, first < 0x80, last < 0x80 else { return text.trimmingWhitespace() }
            return text
        }

        private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || (0x09...0x0D).contains(byte)
        }
    }
}
