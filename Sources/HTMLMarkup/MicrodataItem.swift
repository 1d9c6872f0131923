/// An item of HTML Microdata: an element with `itemscope`, its types and its properties.
public struct MicrodataItem: Sendable, Hashable {
    /// The `itemtype` URLs or names, as written (`http://schema.org/FoodEstablishmentReservation`).
    public let types: [String]
    /// The properties in document order; a name may repeat.
    public let properties: [MicrodataProperty]
    /// The line the item's element starts on, from 1.
    public let line: Int
}

/// One `itemprop` of an item.
public struct MicrodataProperty: Sendable, Hashable {
    /// The property's name (`reservationId`).
    public let name: String
    /// Its value.
    public let value: MicrodataValue
    /// The line its element starts on, from 1.
    public let line: Int
}

/// The value of a Microdata property: text (from `content`, `href`, `datetime`, the element's
/// text...) or a nested item.
public indirect enum MicrodataValue: Sendable, Hashable {
    /// A text value.
    case text(String)
    /// A nested item (the property's element has `itemscope`).
    case item(MicrodataItem)
}
