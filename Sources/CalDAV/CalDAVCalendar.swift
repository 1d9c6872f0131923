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
    ///
    /// A display name with XML's entities in it is read without them: DAViCal keeps the name of a
    /// calendar made with `Trips & Tours` as `Trips &amp; Tours`, and it would otherwise never be
    /// found again by its name.
    public var name: String {
        if let displayName, !displayName.isEmpty {
            guard displayName.contains("&") else { return displayName }
            return displayName.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        return url.lastPathComponent.removingPercentEncoding ?? url.lastPathComponent
    }
}
