/// The reservation markup of a web page or an e-mail's HTML.
public struct HTMLExtraction: Sendable, Hashable {
    /// The JSON-LD script blocks, in document order.
    public var scripts: [ScriptBlock]
    /// The top-level Microdata items, in document order.
    public var items: [MicrodataItem]
}
