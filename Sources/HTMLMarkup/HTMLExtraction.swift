/// The reservation markup of a web page or an e-mail's HTML.
public struct HTMLExtraction: Sendable, Hashable {
    /// The JSON-LD script blocks, in document order.
    public var scripts: [ScriptBlock]
    /// Every Microdata item, each once, nested ones included.
    public var items: [MicrodataItem]
    /// The top-level items (those that are no property's value), by index in ``items``, in
    /// document order.
    public var topLevelItems: [Int]
    /// The UTF-8 that text values are ranges of: the page's text in document order, then the
    /// attribute values properties took.
    public var text: [UInt8]
    /// The page's language, from `<html lang>`.
    public var language: String?
    /// Not 0 when the search stopped at its budget of elements, before the end of the page.
    public var elementsLeftOut = 0
    /// How many Microdata values were left out for being too long.
    public var valuesLeftOut = 0
    /// How many elements the page had (up to the budget).
    var elementCount = 0
    /// How many elements the Microdata crawl looked at: each element once for the item it belongs
    /// to, plus once more for each other item whose `itemref` reaches it. With the element count,
    /// the measure of the work a page cost.
    var visitCount = 0

    /// Creates an extraction.
    public init(
        scripts: [ScriptBlock] = [], items: [MicrodataItem] = [], topLevelItems: [Int] = [], text: [UInt8] = [],
        language: String? = nil, elementsLeftOut: Int = 0, valuesLeftOut: Int = 0
    ) {
        self.scripts = scripts
        self.items = items
        self.topLevelItems = topLevelItems
        self.text = text
        self.language = language
        self.elementsLeftOut = elementsLeftOut
        self.valuesLeftOut = valuesLeftOut
    }

    /// A text value as a string, its white space collapsed to single spaces and trimmed, as a
    /// person reads it.
    public func string(_ range: Range<Int>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var pendingSpace = false
        for byte in text[range] {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The top-level items, in document order.
    var topLevel: [MicrodataItem] { topLevelItems.map { items[$0] } }
}
