/// Where the bearer tokens of a CalDAV account come from: a sign-in the program keeps (OAuth
/// 2.0, as Google Calendar demands). The CalDAV module holds no token logic: it asks for a token
/// before a request, and says when the server refused one, so that the source gets a new one;
/// the request is then made once more, with the new token, and a second refusal stands.
public protocol BearerTokenSource: Sendable {
    /// A token for the next request.
    ///
    /// - Throws: ``BearerTokenError`` when none can be had.
    func token() async throws(BearerTokenError) -> String

    /// The server refused `token`: the next ``token()`` should be another.
    func refused(_ token: String) async
}

/// Why a ``BearerTokenSource`` had no token: the sign-in is gone (revoked, expired: the person
/// must sign in again) or its provider could not be reached for now.
public struct BearerTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, in words that hold no token.
    public var reason: String
    /// Whether trying again later may work without the person doing anything.
    public var mayPass: Bool

    public init(reason: String, mayPass: Bool) {
        self.reason = reason
        self.mayPass = mayPass
    }

    public var description: String { reason }
}
