/// The text of a `<script type="application/ld+json">` element.
public struct ScriptBlock: Sendable, Hashable {
    /// The script's text, as written (HTML entities are not decoded inside scripts).
    public let text: String
    /// The line of the page the script element starts on, from 1.
    public let line: Int
}
