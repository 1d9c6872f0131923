// FoundationEssentials alone where there is one (Linux): the mail program links no more.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `reservation-feed` answers `reservation-feed-mail`'s ``MailProgramMessage/tokenWanted(folder:user:refused:)``
/// with, one JSON line on the mail program's standard input: an access token of the sign-in it
/// keeps for the user, or why there is none. A token travels only through that pipe: never in
/// arguments, the environment or any output, and it says itself as `[token]`.
public enum MailProgramToken: Codable, Sendable, Hashable, CustomStringConvertible {
    /// A token for the user.
    case token(user: String, value: String)
    /// No token can be had: the sign-in is gone (`mayPass` false) or its provider is away.
    case unavailable(user: String, reason: String, mayPass: Bool)

    /// The user it is for.
    public var user: String {
        switch self {
        case .token(let user, _), .unavailable(let user, _, _): user
        }
    }

    /// The answer as one line of JSON, with its end of line.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// Reads one line (without its end).
    public init(line: some StringProtocol) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(line.utf8))
    }

    /// What it says to a person: never the token.
    public var description: String {
        switch self {
        case .token(let user, _): "a token for \(user): [token]"
        case .unavailable(let user, let reason, _): "no token for \(user): \(reason)"
        }
    }
}
