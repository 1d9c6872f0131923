/// What a request path names, decided from the path exactly as sent.
///
/// Everything but `/health` lives under the secret segment. The path is compared as sent, not
/// decoded, so `%2e%2e`, encoded slashes and any other spelling of a path match nothing; a path
/// that does not name something, a wrong secret and a missing one are all ``notFound``, with
/// nothing that tells them apart.
enum FeedRoute: Equatable {
    /// `GET /health`: the server is up.
    case health
    /// `/<secret>/` (and `/<secret>`): the preview page.
    case preview
    /// `/<secret>/<name>.ics`: the feed.
    case feed
    /// `/<secret>/events/<file>.ics`: one event, alone, named as `--split` names its files.
    case event(file: String)
    /// `/<secret>/inbox`: donations.
    case inbox
    /// Anything else.
    case notFound

    /// The route of a path (without its query).
    init(path: String, secret: FeedSecret, feedName: String) {
        if path == "/health" {
            self = .health
            return
        }
        var parts = path.utf8.split(separator: UInt8(ascii: "/"), maxSplits: 2, omittingEmptySubsequences: false)
        // "/a/b" splits into "", "a", "b/…".
        guard parts.count >= 2, parts[0].isEmpty, secret.matches(parts[1]) else {
            self = .notFound
            return
        }
        parts.removeFirst(2)
        guard let rest = parts.first.map({ String(decoding: $0, as: UTF8.self) }), !rest.isEmpty else {
            self = .preview
            return
        }
        switch rest {
        case feedName: self = .feed
        case "inbox": self = .inbox
        default:
            let prefix = "events/"
            if rest.hasPrefix(prefix), rest.hasSuffix(".ics"), !rest.dropFirst(prefix.count).contains("/"),
                rest.utf8.count > prefix.utf8.count + 4
            {
                self = .event(file: String(rest.dropFirst(prefix.count)))
            } else {
                self = .notFound
            }
        }
    }
}
