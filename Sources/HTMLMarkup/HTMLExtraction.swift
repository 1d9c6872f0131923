/// The reservation markup of a web page or an e-mail's HTML.
public struct HTMLExtraction: Sendable, Hashable {
    /// The JSON-LD script blocks, in document order.
    public var scripts: [ScriptBlock]
    /// The top-level Microdata items, in document order.
    public var items: [MicrodataItem]
    /// Not 0 when the search stopped at its budget of elements, before the end of the page.
    public var elementsLeftOut = 0
    /// How many Microdata values were left out for being too long.
    public var valuesLeftOut = 0

    /// Creates an extraction.
    public init(scripts: [ScriptBlock], items: [MicrodataItem], elementsLeftOut: Int = 0, valuesLeftOut: Int = 0) {
        self.scripts = scripts
        self.items = items
        self.elementsLeftOut = elementsLeftOut
        self.valuesLeftOut = valuesLeftOut
    }
}
