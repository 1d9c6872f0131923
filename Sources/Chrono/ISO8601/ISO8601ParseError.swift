/// Why a text is not an acceptable ISO 8601 date or date-time.
///
/// The description reads as the tail of a diagnostic, for example
/// `expected an ISO 8601 date-time, found "25/12"` or
/// `expected an ISO 8601 date-time, found "2027-02-29" (2027-02-29 does not exist)`.
public struct ISO8601ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was read.
    public let text: String
    /// What is wrong with it when it has the right shape but impossible parts; `nil` when it
    /// does not look like ISO 8601 at all.
    public let reason: String?

    /// Creates an error for `text`, with an optional explanation.
    public init(text: String, reason: String? = nil) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        var message = "expected an ISO 8601 date-time, found \"\(shown)\""
        if let reason { message += " (\(reason))" }
        return message
    }
}
