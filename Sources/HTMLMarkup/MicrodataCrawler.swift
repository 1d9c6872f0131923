/// Finds the Microdata items of an ``HTMLTree`` as the HTML standard's "crawl the properties"
/// algorithm does: an item's properties are the `itemprop` elements among its descendants and the
/// elements its `itemref` names, not looking inside nested items, each element once per item, in
/// tree order; a nested item is the value of its `itemprop`, and an item that would contain
/// itself is no value.
///
/// Each item is crawled once, however many properties have it as their value, so the work is
/// in proportion to the page (elements visited again because several items' `itemref`s name them
/// count against the element budget).
struct MicrodataCrawler {
    let tree: HTMLTree
    let maximumDepth: Int
    let maximumElements: Int
    let maximumValueLength: Int

    private(set) var items: [MicrodataItem] = []
    /// Elements looked at; past `maximumElements` the crawl stops.
    private(set) var visited = 0
    private(set) var valuesLeftOut = 0

    /// The item of each element crawled so far (-1 unknown, -2 being crawled).
    private var itemOfElement: [Int32]
    /// The crawl that last looked at each element.
    private var seenBy: [UInt32]
    private var crawl: UInt32 = 0
    /// Attribute values taken, by element: ranges of ``HTMLTree/text``.
    private var attributeValues: [Int32: Range<Int>] = [:]

    init(tree: HTMLTree, maximumDepth: Int, maximumElements: Int, maximumValueLength: Int) {
        self.tree = tree
        self.maximumDepth = maximumDepth
        self.maximumElements = maximumElements
        self.maximumValueLength = maximumValueLength
        itemOfElement = Array(repeating: -1, count: tree.nodes.count)
        seenBy = Array(repeating: 0, count: tree.nodes.count)
    }

    /// The top-level items (`itemscope` without `itemprop`), in document order, by index in ``items``.
    mutating func topLevelItems() -> [Int] {
        var found: [Int] = []
        for element in 1..<Int32(tree.nodes.count) {
            guard let attributes = tree.attributes(element), attributes.itemscope, attributes.itemprop == nil else { continue }
            if let item = item(element, depth: 0) { found.append(item) }
        }
        return found
    }

    /// The item an `itemscope` element stands for, or `nil` when it is being crawled (a cycle) or
    /// nested too deep.
    private mutating func item(_ element: Int32, depth: Int) -> Int? {
        let known = itemOfElement[Int(element)]
        if known >= 0 { return Int(known) }
        guard known == -1, depth < maximumDepth else { return nil }
        itemOfElement[Int(element)] = -2

        crawl += 1
        seenBy[Int(element)] = crawl
        var pending: [(element: Int32, depth: Int)] = tree.children(element).map { ($0, 1) }
        let attributes = tree.attributes(element)
        for id in (attributes?.itemref ?? "").split(whereSeparator: \.isWhitespace) {
            if let referenced = tree.elementsByID[String(id)] { pending.append((referenced, 1)) }
        }
        var results: [Int32] = []
        while let (current, currentDepth) = pending.popLast() {
            guard seenBy[Int(current)] != crawl else { continue }
            seenBy[Int(current)] = crawl
            visited += 1
            guard visited <= maximumElements else { break }
            let currentAttributes = tree.attributes(current)
            if currentAttributes?.itemscope != true, currentDepth < maximumDepth {
                for child in tree.children(current) { pending.append((child, currentDepth + 1)) }
            }
            if currentAttributes?.itemprop != nil { results.append(current) }
        }
        results.sort()

        var properties: [MicrodataProperty] = []
        for result in results {
            guard let resultAttributes = tree.attributes(result), let itemprop = resultAttributes.itemprop else { continue }
            let names = itemprop.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !names.isEmpty else { continue }
            let value: MicrodataValue
            if resultAttributes.itemscope {
                guard let nested = item(result, depth: depth + 1) else { continue }
                value = .item(nested)
            } else {
                let range = self.value(of: result, resultAttributes)
                guard range.count <= maximumValueLength else {
                    valuesLeftOut += 1
                    continue
                }
                value = .text(range)
            }
            properties.append(MicrodataProperty(names: names, value: value, line: Int(tree.nodes[Int(result)].line)))
        }
        let types = (attributes?.itemtype ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        items.append(MicrodataItem(types: types, properties: properties, line: Int(tree.nodes[Int(element)].line)))
        itemOfElement[Int(element)] = Int32(items.count - 1)
        return items.count - 1
    }

    /// A property's value by the HTML standard's rules for its element: `content` of `meta`, `src`
    /// of media and frames, `href` of links, `data` of `object`, `value` of `data` and `meter`,
    /// `datetime` of `time` when it has one, else the element's text. Where the standard's
    /// attribute is missing and `content` is there, `content` is what the author meant.
    private mutating func value(of element: Int32, _ attributes: HTMLTree.Attributes) -> Range<Int> {
        let attribute: String? =
            switch tree.name(element) {
            case "meta": "content"
            case "audio", "embed", "iframe", "img", "source", "track", "video": "src"
            case "a", "area", "link": "href"
            case "object": "data"
            case "data", "meter": "value"
            case "time": attributes.value["datetime"] != nil ? "datetime" : nil
            default: nil
            }
        guard let attribute else { return tree.textRange(element) }
        if let known = attributeValues[element] { return known }
        // The standard's attribute, else `content`, which authors write on `link` too
        // (Lufthansa's `<link itemprop="checkinUrl" content="...">`) and meant.
        let bytes = Array((attributes.value[attribute] ?? attributes.value["content"] ?? "").utf8)
        let start = tree.text.count
        tree.text += bytes
        let range = start..<tree.text.count
        attributeValues[element] = range
        return range
    }
}
