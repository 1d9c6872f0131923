import Foundation

/// A calendar collection of an account, as the server describes it.
public struct CalDAVCalendar: Sendable, Hashable {
    /// Its URL, ending in `/`.
    public var url: URL
    /// Its display name (`DAV:displayname`), when it has one.
    public var displayName: String?
    /// Whether it takes events: its `supported-calendar-component-set` names `VEVENT`, or it
    /// names none (every kind, RFC 4791 §5.2.3). A task list does not.
    public var acceptsEvents: Bool
    /// Whether the user may write into it, when the server says (`current-user-privilege-set`);
    /// `nil` when it does not.
    public var isWritable: Bool?

    public init(url: URL, displayName: String?, acceptsEvents: Bool = true, isWritable: Bool? = nil) {
        self.url = url
        self.displayName = displayName
        self.acceptsEvents = acceptsEvents
        self.isWritable = isWritable
    }

    /// Whether events can be published into it.
    public var isUsable: Bool { acceptsEvents && isWritable != false }

    /// Its name for people: the display name, else the last part of its URL.
    public var name: String {
        if let displayName, !displayName.isEmpty { return displayName }
        return url.lastPathComponent.removingPercentEncoding ?? url.lastPathComponent
    }
}
