import CLibXML2

/// Finds reservation markup in HTML: JSON-LD script blocks and Microdata items.
///
/// The page is parsed by libxml2's HTML parser in recovering mode, which copes with what real
/// pages and e-mails contain (unclosed tags, stray entities, odd encodings) the way browsers do;
/// no regular expression looks at the HTML. Microdata values follow the WHATWG rules: `content`
/// of `meta`, `href` of `a` and `link`, `src` of media, `datetime` of `time`, `value` of `data`
/// and `meter`, else the element's text; an element with `itemscope` is a nested item, and
/// `itemref` pulls in properties from elsewhere in the page.
public enum HTMLMarkup {
    /// The deepest element nesting followed by default; deeper content is not searched.
    public static let maximumDepth = 256
    /// The most elements searched by default, counting those visited again through `itemref`.
    public static let maximumElements = 1_000_000

    /// Extracts the markup of an HTML document.
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - isUTF8: Whether the bytes are known to be UTF-8 whatever the page says (HTML taken out of
    ///     an e-mail, already converted); otherwise the page's `meta` charset is honoured, else
    ///     UTF-8 is assumed.
    ///   - maximumDepth: Elements nested deeper are not searched.
    ///   - maximumElements: The most elements searched, counting those visited again because an
    ///     `itemref` points at them (which would otherwise let a small page cost exponential time).
    ///     Past it the search stops, and ``HTMLExtraction/elementsLeftOut`` says so.
    ///   - maximumValueLength: Microdata text values longer than this many bytes are left out, and
    ///     counted in ``HTMLExtraction/valuesLeftOut``.
    public static func extract(
        from bytes: [UInt8], isUTF8: Bool = false, maximumDepth: Int = HTMLMarkup.maximumDepth,
        maximumElements: Int = HTMLMarkup.maximumElements, maximumValueLength: Int = .max
    ) -> HTMLExtraction {
        guard !bytes.isEmpty, let document = parse(bytes, isUTF8: isUTF8) else { return HTMLExtraction(scripts: [], items: []) }
        defer { xmlFreeDoc(document) }
        var walker = Walker(
            document: document, maximumDepth: maximumDepth, maximumElements: maximumElements, maximumValueLength: maximumValueLength)
        walker.collect(xmlDocGetRootElement(document), depth: 0)
        var items: [MicrodataItem] = []
        for element in walker.topLevelItems {
            items.append(walker.item(element, depth: 0))
        }
        var extraction = HTMLExtraction(scripts: walker.scripts, items: items)
        extraction.elementsLeftOut = walker.visited > maximumElements ? walker.visited - maximumElements : 0
        extraction.valuesLeftOut = walker.valuesLeftOut
        return extraction
    }

    private static func parse(_ bytes: [UInt8], isUTF8: Bool) -> htmlDocPtr? {
        var options =
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue
        if isUTF8 { options |= HTML_PARSE_IGNORE_ENC.rawValue }
        let encoding = isUTF8 || !Self.declaresCharset(bytes) ? "UTF-8" : nil
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(clamping: buffer.count), nil, encoding, Int32(options))
            }
        }
    }

    /// Whether the page says its own encoding (`<meta charset=...>` or `content="...charset=..."`).
    private static func declaresCharset(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).lowercased()
        return head.contains("charset=")
    }

    /// One walk over the document: script blocks, item elements and the elements with an `id`.
    private struct Walker {
        let document: htmlDocPtr
        let maximumDepth: Int
        let maximumElements: Int
        let maximumValueLength: Int
        var scripts: [ScriptBlock] = []
        var topLevelItems: [xmlNodePtr] = []
        var elementsByID: [String: xmlNodePtr] = [:]
        /// Elements looked at so far; past `maximumElements`, the walk stops.
        var visited = 0
        var valuesLeftOut = 0

        init(document: htmlDocPtr, maximumDepth: Int, maximumElements: Int, maximumValueLength: Int) {
            self.document = document
            self.maximumDepth = maximumDepth
            self.maximumElements = maximumElements
            self.maximumValueLength = maximumValueLength
        }

        /// Counts an element; `false` once the budget is spent.
        private mutating func visit() -> Bool {
            visited += 1
            return visited <= maximumElements
        }

        mutating func collect(_ first: xmlNodePtr?, depth: Int) {
            guard depth < maximumDepth else { return }
            var node = first
            while let current = node {
                defer { node = current.pointee.next }
                guard current.pointee.type == XML_ELEMENT_NODE else { continue }
                guard visit() else { return }
                let name = Self.name(current)
                if let id = Self.attribute(current, "id"), elementsByID[id] == nil { elementsByID[id] = current }
                if name == "script" {
                    let type = Self.attribute(current, "type")?.trimmingSpaces().lowercased() ?? ""
                    if type == "application/ld+json" {
                        scripts.append(ScriptBlock(text: Self.text(current, collapsing: false), line: Int(xmlGetLineNo(current))))
                    }
                    continue
                }
                if Self.hasAttribute(current, "itemscope"), !Self.hasAttribute(current, "itemprop") {
                    topLevelItems.append(current)
                }
                collect(current.pointee.children, depth: depth + 1)
            }
        }

        /// The item an `itemscope` element stands for.
        mutating func item(_ element: xmlNodePtr, depth: Int) -> MicrodataItem {
            var properties: [MicrodataProperty] = []
            if depth < maximumDepth {
                var roots: [xmlNodePtr] = []
                var child = element.pointee.children
                while let current = child {
                    roots.append(current)
                    child = current.pointee.next
                }
                for id in (Self.attribute(element, "itemref") ?? "").split(whereSeparator: \.isWhitespace) {
                    if let referenced = elementsByID[String(id)], referenced != element { roots.append(referenced) }
                }
                for root in roots { properties += self.properties(from: root, depth: depth + 1) }
            }
            let types = (Self.attribute(element, "itemtype") ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
            return MicrodataItem(types: types, properties: properties, line: Int(xmlGetLineNo(element)))
        }

        /// The properties found at and below `node`, not going into nested items.
        private mutating func properties(from node: xmlNodePtr, depth: Int) -> [MicrodataProperty] {
            guard node.pointee.type == XML_ELEMENT_NODE, depth < maximumDepth, visit() else { return [] }
            var found: [MicrodataProperty] = []
            let isItem = Self.hasAttribute(node, "itemscope")
            if let names = Self.attribute(node, "itemprop") {
                var value: MicrodataValue?
                if isItem {
                    value = .item(item(node, depth: depth))
                } else {
                    let text = Self.value(of: node)
                    if text.utf8.count <= maximumValueLength { value = .text(text) } else { valuesLeftOut += 1 }
                }
                for name in names.split(whereSeparator: \.isWhitespace) {
                    guard let value else { break }
                    found.append(MicrodataProperty(name: String(name), value: value, line: Int(xmlGetLineNo(node))))
                }
            }
            if !isItem {
                var child = node.pointee.children
                while let current = child {
                    found += properties(from: current, depth: depth + 1)
                    child = current.pointee.next
                }
            }
            return found
        }

        /// A property's text value, by the WHATWG rules.
        private static func value(of element: xmlNodePtr) -> String {
            let attribute: String? =
                switch name(element) {
                case "meta": "content"
                case "audio", "embed", "iframe", "img", "source", "track", "video": "src"
                case "a", "area", "link": "href"
                case "object": "data"
                case "data", "meter": "value"
                case "time": hasAttribute(element, "datetime") ? "datetime" : nil
                default: nil
                }
            if let attribute { return (self.attribute(element, attribute) ?? "").trimmingSpaces() }
            return text(element, collapsing: true)
        }

        private static func name(_ element: xmlNodePtr) -> String {
            element.pointee.name.map { String(cString: $0).lowercased() } ?? ""
        }

        private static func hasAttribute(_ element: xmlNodePtr, _ name: String) -> Bool {
            xmlHasProp(element, name) != nil
        }

        private static func attribute(_ element: xmlNodePtr, _ name: String) -> String? {
            guard let value = xmlGetProp(element, name) else { return nil }
            defer { rf_xml_free(value) }
            return String(cString: value)
        }

        private static func text(_ element: xmlNodePtr, collapsing: Bool) -> String {
            guard let content = xmlNodeGetContent(element) else { return "" }
            defer { rf_xml_free(content) }
            let text = String(cString: content)
            return collapsing ? text.split(whereSeparator: \.isWhitespace).joined(separator: " ") : text
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
