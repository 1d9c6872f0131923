// FoundationEssentials alone where there is one (Linux): the mail program links no more.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `reservation-feed-mail` tells the program that runs it: one JSON object a line on its
/// standard output, each line one message, so that neither program reads the other's words.
///
/// `reservation-feed` runs `reservation-feed-mail sync` for the IMAP folders among its inputs and
/// `reservation-feed-mail watch` while it serves or publishes; both are defined here, once. What
/// a message means to a person (``description``) is said by whichever program shows it.
public enum MailProgramMessage: Codable, Sendable, Hashable, CustomStringConvertible {
    /// A first download under way: `done` of `total` new messages of the folder fetched.
    case progress(folder: String, done: Int, total: Int)
    /// A folder brought up to date: messages downloaded, renumbered (the folder's UIDVALIDITY
    /// changed) and too large to download.
    case synced(folder: String, downloaded: Int, renumbered: Int, tooLarge: Int)
    /// A watched folder changed, and its cache is up to date again.
    case changed(folder: String)
    /// A watched folder could not be reached; it is tried again after `seconds`.
    case retrying(folder: String, reason: String, seconds: Int)
    /// A folder cannot be read (the server away, the login refused, no password): the program
    /// ends with status 2 after saying so, and its caller should write nothing.
    case failed(folder: String, reason: String)
    /// The folder's user signs in with OAuth 2.0: an access token is wanted, on the program's
    /// standard input (``MailProgramToken``); `refused` when the server refused the last one.
    case tokenWanted(folder: String, user: String, refused: Bool)

    /// The message as one line of JSON, with its end of line.
    public var line: String {
        // Encoding enums of strings and integers cannot fail.
        let data = (try? Self.encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads one line (without its end).
    ///
    /// - Throws: `DecodingError` when the line is not a message of this version.
    public init(line: some StringProtocol) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(line.utf8))
    }

    /// The folder the message is about.
    public var folder: String {
        switch self {
        case .progress(let folder, _, _), .synced(let folder, _, _, _), .changed(let folder), .retrying(let folder, _, _),
            .failed(let folder, _), .tokenWanted(let folder, _, _):
            folder
        }
    }

    /// What the message says to a person: `Travel: 120 of 4,000 messages`.
    public var description: String {
        switch self {
        case .progress(let folder, let done, let total): "\(folder): \(done) of \(total) messages"
        case .synced(let folder, let downloaded, let renumbered, let tooLarge):
            "\(folder): \(downloaded) downloaded, \(renumbered) renumbered, \(tooLarge) too large"
        case .changed(let folder): "\(folder) changed"
        case .retrying(_, let reason, let seconds): "warning: \(reason); trying again in \(seconds) s"
        case .failed(_, let reason): "error: \(reason)"
        case .tokenWanted(let folder, let user, let refused): "\(folder): a\(refused ? " new" : "n") access token for \(user) is wanted"
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
