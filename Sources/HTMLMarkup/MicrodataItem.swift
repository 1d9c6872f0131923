/// An item of HTML Microdata: an element with `itemscope`, its types and its properties.
public struct MicrodataItem: Sendable, Hashable {
    /// The `itemtype` URLs or names, as written (`http://schema.org/FoodEstablishmentReservation`).
    public let types: [String]
    /// The properties in tree order.
    public let properties: [MicrodataProperty]
    /// The line the item's element starts on, from 1.
    public let line: Int
}

/// One element with `itemprop`: the names it gives its value, and the value.
public struct MicrodataProperty: Sendable, Hashable {
    /// The property's names (`itemprop="startDate startTime"` gives one value two names).
    public let names: [String]
    /// Its value.
    public let value: MicrodataValue
    /// The line its element starts on, from 1.
    public let line: Int
}

/// The value of a Microdata property: text (from `content`, `href`, `datetime`, the element's
/// text...) as a range of ``HTMLExtraction/text``, or a nested item by its index in
/// ``HTMLExtraction/items``. An item that is the value of several properties is one item.
public enum MicrodataValue: Sendable, Hashable {
    /// A text value: these bytes of ``HTMLExtraction/text``, as written (white space included).
    case text(Range<Int>)
    /// A nested item: its index in ``HTMLExtraction/items``.
    case item(Int)
}
