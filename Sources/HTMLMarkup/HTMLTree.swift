import CLibXML2

/// The elements of an HTML page nested as its author wrote them, with the page's text, built from
/// libxml2's SAX events (libxml2 reads the bytes: encodings, entities, attributes, scripts).
///
/// libxml2 nests elements as browsers do, and browsers' forgiveness is not always what an author
/// meant: `<p itemscope>…<div itemprop="name">…</div></p>` is, to a browser, an empty paragraph
/// followed by a `div` (a `div` closes an open `p`), and the item loses its property. Where the
/// author's own end tag shows that an element closed on the parser's initiative was meant to
/// contain what followed it (a `</p>` the parser finds nothing open to close), the tree takes that
/// content back into it. Everything else is nested as libxml2 nests it, unclosed `li` and `p`
/// included.
///
/// The page's text is kept once, in document order; an element's text is a range of it, so that
/// the text of every element costs nothing more, however deeply elements are nested.
final class HTMLTree {
    /// An element.
    struct Node {
        /// Into ``names``.
        var name: UInt16
        var parent: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// The element's text: ``text`` from `textStart` to `textEnd`.
        var textStart: Int32
        var textEnd: Int32
        /// The line its start tag ends on.
        var line: Int32
        /// Into ``attributeSets``, or -1 when it has none of those Microdata and scripts use.
        var attributes: Int32 = -1
        var isOpen = true
    }

    /// The attributes Microdata and JSON-LD script blocks are read from.
    struct Attributes {
        var id: String?
        var itemscope = false
        var itemprop: String?
        var itemtype: String?
        var itemref: String?
        /// The attribute a property's value comes from, by element (`content` of `meta`...).
        var value: [String: String] = [:]
        var type: String?
        var lang: String?
    }

    /// Node 0 is the document; elements follow in document order.
    private(set) var nodes: [Node]
    private(set) var names: [String] = ["#document"]
    private var nameIndex: [String: UInt16] = ["#document": 0]
    private(set) var attributeSets: [Attributes] = []
    /// The page's text, in document order.
    var text: [UInt8] = []
    /// The first element with each `id`.
    private(set) var elementsByID: [String: Int32] = [:]
    /// The `lang` of the `html` element.
    private(set) var language: String?
    /// Whether the page had more elements than the budget, and the rest was not read.
    private(set) var isTruncated = false

    /// Elements open in this tree, innermost last (the document first).
    private var open: [Int32] = [0]
    /// Elements open in libxml2's tree, in step with its events.
    private var parserOpen: [Int32] = []
    /// Elements libxml2 closed without an end tag of the author's, most recent last.
    private var closedByParser: [Int32] = []
    private let maximumElements: Int

    /// Attributes looked at, by name; the `value` ones by the elements that take their value from them.
    private static let valueAttributes: Set<String> = ["content", "src", "href", "data", "value", "datetime"]

    private init(maximumElements: Int) {
        self.maximumElements = maximumElements
        nodes = [Node(name: 0, parent: -1, textStart: 0, textEnd: 0, line: 0)]
    }

    /// Reads a page.
    ///
    /// - Parameters:
    ///   - encoding: How the bytes are encoded, or `nil` to follow the page's own declaration.
    ///   - maximumElements: Past this many elements, reading stops (``isTruncated``).
    static func parse(_ bytes: [UInt8], encoding: String?, maximumElements: Int) -> HTMLTree {
        let tree = HTMLTree(maximumElements: maximumElements)
        guard !bytes.isEmpty else { return tree }
        var handler = htmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElement = { context, name, attributes in
            HTMLTree.from(context).start(name, attributes, line: rf_parser_line(context), context: context)
        }
        handler.endElement = { context, name in
            HTMLTree.from(context).end(name, context: context)
        }
        handler.characters = { context, characters, length in
            HTMLTree.from(context).append(characters, Int(length))
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.serror = { context, error in
            guard let context, let error else { return }
            HTMLTree.from(context).parserError(error.pointee)
        }
        let options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
            | (encoding == nil ? 0 : HTML_PARSE_IGNORE_ENC.rawValue)
        let unmanaged = Unmanaged.passUnretained(tree)
        withExtendedLifetime(tree) {
            _ = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                    rf_html_parse(pointer, Int32(clamping: buffer.count), encoding, Int32(options), &handler, unmanaged.toOpaque())
                }
            }
        }
        tree.finish()
        return tree
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> HTMLTree {
        Unmanaged<HTMLTree>.fromOpaque(rf_parser_private(context)!).takeUnretainedValue()
    }

    // MARK: - Events

    private func start(
        _ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, line: Int32,
        context: UnsafeMutableRawPointer?
    ) {
        guard nodes.count <= maximumElements else {
            isTruncated = true
            rf_parser_stop(context)
            return
        }
        let elementName = name.map { String(cString: $0) } ?? ""
        let parent = open[open.count - 1]
        var node = Node(name: intern(elementName), parent: parent, textStart: Int32(text.count), textEnd: Int32(text.count), line: line)
        if let set = Self.attributes(of: attributes, element: elementName) {
            if let id = set.id, elementsByID[id] == nil { elementsByID[id] = Int32(nodes.count) }
            if elementName == "html", language == nil { language = set.lang }
            node.attributes = Int32(attributeSets.count)
            attributeSets.append(set)
        }
        let index = Int32(nodes.count)
        nodes.append(node)
        link(index, under: parent)
        open.append(index)
        parserOpen.append(index)
    }

    private func end(_ name: UnsafePointer<xmlChar>?, context: UnsafeMutableRawPointer?) {
        guard let node = parserOpen.popLast() else { return }
        guard nodes[Int(node)].isOpen else { return }  // closed already, by an end tag libxml2 did not see as one
        close(through: node)
        if !Self.endsWithEndTag(of: names[Int(nodes[Int(node)].name)], context: context) {
            closedByParser.append(node)
            if closedByParser.count > 256 { closedByParser.removeFirst(128) }
        }
    }

    private func append(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
        guard let characters, length > 0 else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: characters, count: length))
    }

    /// An end tag libxml2 found nothing open to close: if an element it closed on its own
    /// initiative has that name, and its parent is still open, the author meant the element to
    /// hold what came after it.
    private func parserError(_ error: xmlError) {
        guard error.code == XML_ERR_TAG_NAME_MISMATCH.rawValue, let message = error.message,
            String(cString: message).hasPrefix("Unexpected end tag"), let name = error.str1.map({ String(cString: $0) })
        else { return }
        guard let position = closedByParser.lastIndex(where: { candidate in
            let node = nodes[Int(candidate)]
            return names[Int(node.name)] == name && node.parent >= 0 && nodes[Int(node.parent)].isOpen
        }) else { return }
        let element = closedByParser.remove(at: position)
        reopen(element)
    }

    // MARK: - Building

    private func intern(_ name: String) -> UInt16 {
        if let index = nameIndex[name] { return index }
        // Past 65,535 names (a page made of `<x0><x1>…`), every further one is a name of its own
        // that no markup looks for: the last slot, kept for them, never a slot past the table.
        guard names.count < Int(UInt16.max) else { return UInt16.max - 1 }
        if names.count == Int(UInt16.max) - 1 {
            names.append("#other")
            return UInt16.max - 1
        }
        let index = UInt16(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }

    private func link(_ child: Int32, under parent: Int32) {
        let last = nodes[Int(parent)].lastChild
        if last < 0 { nodes[Int(parent)].firstChild = child } else { nodes[Int(last)].nextSibling = child }
        nodes[Int(parent)].lastChild = child
    }

    /// Closes `node` and every element open inside it, their text ending here.
    private func close(through node: Int32) {
        guard let position = open.lastIndex(of: node) else { return }
        for index in open[position...] {
            nodes[Int(index)].isOpen = false
            nodes[Int(index)].textEnd = Int32(text.count)
        }
        open.removeSubrange(position...)
    }

    /// Takes everything after `element` in its parent into it, and closes it here.
    private func reopen(_ element: Int32) {
        let parent = nodes[Int(element)].parent
        // Whatever is open after the element is inside what moves, and closes with it.
        if let position = open.lastIndex(of: parent), position + 1 < open.count {
            close(through: open[position + 1])
        }
        var moving = nodes[Int(element)].nextSibling
        if moving >= 0 {
            let last = nodes[Int(parent)].lastChild
            if nodes[Int(element)].lastChild < 0 {
                nodes[Int(element)].firstChild = moving
            } else {
                nodes[Int(nodes[Int(element)].lastChild)].nextSibling = moving
            }
            nodes[Int(element)].lastChild = last
            nodes[Int(element)].nextSibling = -1
            nodes[Int(parent)].lastChild = element
            while moving >= 0 {
                nodes[Int(moving)].parent = element
                moving = nodes[Int(moving)].nextSibling
            }
        }
        nodes[Int(element)].textEnd = Int32(text.count)
    }

    private func finish() {
        for index in open where nodes[Int(index)].isOpen {
            nodes[Int(index)].isOpen = false
            nodes[Int(index)].textEnd = Int32(text.count)
        }
        open = []
        parserOpen = []
    }

    /// Whether the bytes libxml2 has just read end with the element's end tag (`</p>`, `</P >`)
    /// or close it as an empty element (`<time .../>`), rather than the start of something else.
    private static func endsWithEndTag(of name: String, context: UnsafeMutableRawPointer?) -> Bool {
        var count: Int32 = 0
        guard let recent = rf_parser_recent(context, 512, &count), count > 2 else { return false }
        let bytes = UnsafeBufferPointer(start: recent, count: Int(count))
        guard bytes[bytes.count - 1] == UInt8(ascii: ">") else { return false }
        guard let open = bytes.lastIndex(of: UInt8(ascii: "<")) else { return false }
        if bytes[bytes.count - 2] == UInt8(ascii: "/") { return true }  // <time ... />
        guard open + 1 < bytes.count, bytes[open + 1] == UInt8(ascii: "/") else { return false }
        var index = open + 2
        for byte in name.utf8 {
            guard index < bytes.count, bytes[index] | 0x20 == byte | 0x20 else { return false }
            index += 1
        }
        return index < bytes.count && (bytes[index] == UInt8(ascii: ">") || bytes[index] <= 0x20)
    }

    private static func attributes(of list: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, element: String) -> Attributes? {
        guard var pointer = list else { return nil }
        var set = Attributes()
        var relevant = false
        while let namePointer = pointer.pointee {
            let valuePointer = pointer.successor().pointee
            pointer = pointer.advanced(by: 2)
            let name = String(cString: namePointer).lowercased()
            let value = valuePointer.map { String(cString: $0) }
            switch name {
            case "id": set.id = value
            case "itemscope": set.itemscope = true
            case "itemprop": set.itemprop = value
            case "itemtype": set.itemtype = value
            case "itemref": set.itemref = value
            case "type" where element == "script": set.type = value
            case "lang" where element == "html", "xml:lang" where element == "html": set.lang = set.lang ?? value
            default:
                guard valueAttributes.contains(name) else { continue }
                set.value[name] = value ?? ""
            }
            relevant = true
        }
        return relevant ? set : nil
    }

    // MARK: - Reading

    /// The attributes of a node, when it has any of those kept.
    func attributes(_ node: Int32) -> Attributes? {
        let index = nodes[Int(node)].attributes
        return index < 0 ? nil : attributeSets[Int(index)]
    }

    /// The element's name, in lower case.
    func name(_ node: Int32) -> String {
        names[Int(nodes[Int(node)].name)]
    }

    /// The element's children, in order.
    func children(_ node: Int32) -> ChildSequence {
        ChildSequence(tree: self, next: nodes[Int(node)].firstChild)
    }

    /// The range of ``text`` that is the element's text.
    func textRange(_ node: Int32) -> Range<Int> {
        let element = nodes[Int(node)]
        return Int(element.textStart)..<max(Int(element.textStart), Int(element.textEnd))
    }

    struct ChildSequence: Sequence, IteratorProtocol {
        let tree: HTMLTree
        var following: Int32

        init(tree: HTMLTree, next: Int32) {
            self.tree = tree
            following = next
        }

        mutating func next() -> Int32? {
            guard following >= 0 else { return nil }
            defer { following = tree.nodes[Int(following)].nextSibling }
            return following
        }
    }
}
