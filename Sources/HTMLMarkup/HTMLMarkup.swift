/// Finds reservation markup in HTML: JSON-LD script blocks and Microdata items.
///
/// libxml2's HTML parser reads the page (encodings, entities, unquoted attributes, unclosed
/// elements), through its SAX interface, into an ``HTMLTree`` nested as the author wrote the
/// page: where a browser would close a `p` at a `div` inside it, an author who closes the `p`
/// after the `div` meant the `div` inside, and its properties belong to the `p`'s item. No
/// regular expression looks at the HTML. Microdata values follow the HTML standard: `content` of
/// `meta`, `href` of `a`, `area` and `link`, `src` of media, `data` of `object`, `value` of `data`
/// and `meter`, `datetime` of `time`, else the element's text; an element with `itemscope` is a
/// nested item, and `itemref` pulls in properties from elsewhere in the page.
///
/// The work is in proportion to the page whatever its shape: every element is read once, text is
/// kept once (an element's text is a range of the page's), and each item is crawled once however
/// many properties name it.
public enum HTMLMarkup {
    /// The deepest element nesting followed by default; deeper content is not searched.
    public static let maximumDepth = 256
    /// The most elements read by default, counting those visited again through `itemref`.
    public static let maximumElements = 1_000_000

    /// Extracts the markup of an HTML document.
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - isUTF8: Whether the bytes are known to be UTF-8 whatever the page says (HTML taken out of
    ///     an e-mail, already converted); otherwise the page's `meta` charset is honoured, else
    ///     UTF-8 is assumed.
    ///   - maximumDepth: Elements nested deeper are not searched for Microdata.
    ///   - maximumElements: The most elements read, counting those visited again because an
    ///     `itemref` points at them (which would otherwise let a small page cost a great deal).
    ///     Past it the search stops, and ``HTMLExtraction/elementsLeftOut`` says so.
    ///   - maximumValueLength: Microdata text values longer than this many bytes are left out, and
    ///     counted in ``HTMLExtraction/valuesLeftOut``.
    public static func extract(
        from bytes: [UInt8], isUTF8: Bool = false, maximumDepth: Int = HTMLMarkup.maximumDepth,
        maximumElements: Int = HTMLMarkup.maximumElements, maximumValueLength: Int = .max
    ) -> HTMLExtraction {
        guard !bytes.isEmpty else { return HTMLExtraction() }
        let encoding = isUTF8 || !declaresCharset(bytes) ? "UTF-8" : nil
        let tree = HTMLTree.parse(bytes, encoding: encoding, maximumElements: maximumElements)

        var scripts: [ScriptBlock] = []
        for element in 1..<Int32(tree.nodes.count) where tree.name(element) == "script" {
            let type = tree.attributes(element)?.type?.lowercased().filter { !$0.isWhitespace } ?? ""
            guard type == "application/ld+json" else { continue }
            let text = String(decoding: tree.text[tree.textRange(element)], as: UTF8.self)
            scripts.append(ScriptBlock(text: text, line: Int(tree.nodes[Int(element)].line)))
        }

        var crawler = MicrodataCrawler(
            tree: tree, maximumDepth: maximumDepth, maximumElements: max(0, maximumElements - (tree.nodes.count - 1)),
            maximumValueLength: maximumValueLength)
        let topLevel = crawler.topLevelItems()
        var extraction = HTMLExtraction(
            scripts: scripts, items: crawler.items, topLevelItems: topLevel, text: tree.text, language: tree.language,
            valuesLeftOut: crawler.valuesLeftOut)
        extraction.elementCount = tree.nodes.count - 1
        extraction.visitCount = crawler.visited
        let read = tree.nodes.count - 1 + crawler.visited
        if tree.isTruncated || read > maximumElements { extraction.elementsLeftOut = max(1, read - maximumElements) }
        return extraction
    }

    /// Whether the page says its own encoding (`<meta charset=...>` or `content="...charset=..."`).
    private static func declaresCharset(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).lowercased()
        return head.contains("charset=")
    }
}
