/// What a feed says about itself, before its events.
public struct CalendarProperties: Sendable, Hashable {
    /// The product that wrote the feed (`PRODID`).
    public var productIdentifier: String
    /// The calendar's name, as subscribers see it (`X-WR-CALNAME` and RFC 7986 `NAME`).
    public var name: String?
    /// What the calendar is (`X-WR-CALDESC` and RFC 7986 `DESCRIPTION`).
    public var description: String?
    /// How often subscribers should fetch the feed again, in seconds (RFC 7986
    /// `REFRESH-INTERVAL;VALUE=DURATION` and `X-PUBLISHED-TTL`); `nil` writes neither.
    public var refreshInterval: Int64?

    /// Creates calendar properties.
    public init(productIdentifier: String, name: String? = nil, description: String? = nil, refreshInterval: Int64? = nil) {
        self.productIdentifier = productIdentifier
        self.name = name
        self.description = description
        self.refreshInterval = refreshInterval
    }
}
