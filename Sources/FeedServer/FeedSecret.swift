import Basics
import Foundation
import ReservationFeed

/// A secret kept in a file beside a served feed: the path segment the feed lives under, or the
/// token that opens its inbox.
///
/// Feeds hold names, booking numbers and travel plans, and calendar apps can only subscribe to
/// a URL, so the URL is the password, as Google's "secret address in iCal format" is: 192 random
/// bits from the system's generator, written base64url (32 characters). The file
/// (`FEED.ics.secret`, mode 0600) keeps the URL the same across restarts; deleting it, or
/// ``rotate(beside:)``, makes a new one and the old URL answers 404.
///
/// Writing to the inbox takes a second secret that is never part of any address: an address is
/// given to calendars, family and services that store it, and none of them may add bookings. The
/// inbox token (`FEED.ics.inbox-token`, mode 0600, ``loadInboxToken(beside:)``) is sent as
/// `Authorization: Bearer TOKEN`.
public struct FeedSecret: Sendable, Hashable, CustomStringConvertible {
    /// The path segment.
    public let value: String

    /// A secret of this text; it must be at least 22 base64url characters (128 bits).
    public init?(_ value: String) {
        guard value.utf8.count >= 22, value.utf8.allSatisfy(Self.isBase64URL) else { return nil }
        self.value = value
    }

    /// A new random secret.
    public static func random() -> FeedSecret {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let text = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return FeedSecret(text)!
    }

    /// Where the secret of the feed at `feedPath` is kept.
    public static func path(beside feedPath: String) -> String { feedPath + ".secret" }

    /// Where the inbox token of the feed at `feedPath` is kept.
    public static func inboxTokenPath(beside feedPath: String) -> String { feedPath + ".inbox-token" }

    /// The secret kept beside the feed, made and written (mode 0600) when there is none.
    ///
    /// - Throws: ``FeedServerError/secret(_:)`` when the file cannot be read or written, or holds
    ///   something that is not a secret, or can be read by others.
    public static func load(beside feedPath: String) throws(FeedServerError) -> FeedSecret {
        try load(at: path(beside: feedPath))
    }

    /// Makes a new secret and keeps it beside the feed (mode 0600), replacing any old one in one
    /// step, with the writer feeds are written with (``ReservationFeed/AtomicFileWriter``).
    public static func rotate(beside feedPath: String) throws(FeedServerError) -> FeedSecret {
        try rotate(at: path(beside: feedPath))
    }

    /// The inbox token kept beside the feed, made and written (mode 0600) when there is none.
    ///
    /// - Throws: ``FeedServerError/secret(_:)`` as ``load(beside:)`` does.
    public static func loadInboxToken(beside feedPath: String) throws(FeedServerError) -> FeedSecret {
        try load(at: inboxTokenPath(beside: feedPath))
    }

    /// Makes a new inbox token and keeps it beside the feed (mode 0600): the old one opens the
    /// inbox no more.
    public static func rotateInboxToken(beside feedPath: String) throws(FeedServerError) -> FeedSecret {
        try rotate(at: inboxTokenPath(beside: feedPath))
    }

    /// The secret kept at `path`, made when there is none.
    ///
    /// The file must be the running user's, not a symbolic link of another's, and readable by
    /// nobody else: a secret another user planted is one they know.
    private static func load(at path: String) throws(FeedServerError) -> FeedSecret {
        let data: [UInt8]
        do {
            let location = try OutputLocation(path)
            guard let status = location.existing, let bytes = try location.read() else { return try rotate(at: path) }
            guard status.st_mode & 0o077 == 0 else {
                throw FeedServerError.secret(
                    "\(path) can be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); make it 0600, or delete it for a new secret")
            }
            data = bytes
        } catch let refusal as OutputLocation.AccessError {
            throw .secret(refusal.description)
        } catch let error as FeedServerError {
            throw error
        } catch {
            throw .secret("cannot read \(path): \(error)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingWhitespace()
        guard let secret = FeedSecret(text) else {
            throw .secret("\(path) does not hold a secret (22 or more characters of A-Z, a-z, 0-9, - and _); delete it for a new one")
        }
        return secret
    }

    /// A new secret, kept at `path` (mode 0600) in place of any old one, in one step.
    private static func rotate(at path: String) throws(FeedServerError) -> FeedSecret {
        let secret = random()
        do {
            try AtomicFileWriter.replace(path, permissions: 0o600) { write in try write(Array((secret.value + "\n").utf8)) }
        } catch FeedError.write(_, let reason) {
            throw .secret("cannot write \(path): \(reason)")
        } catch {
            throw .secret("cannot write \(path): \(error)")
        }
        return secret
    }

    /// Whether an `Authorization` field's value is `Bearer` and this secret (RFC 6750, section
    /// 2.1; the scheme in any case), compared in time that does not depend on the secret.
    func authorizes(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        return matches(String(parts[1]).trimmingWhitespace().utf8)
    }

    /// Never the secret itself: logs and messages that print a value by accident stay clean.
    public var description: String { "FeedSecret(…)" }

    /// Whether `candidate` is this secret, in time that does not depend on where they differ.
    public func matches<Bytes: Collection<UInt8>>(_ candidate: Bytes) -> Bool {
        Self.constantTimeEqual(candidate, Array(value.utf8))
    }

    /// Whether `candidate` is `expected`, in time that depends on the candidate's length only
    /// (the length of a secret is no secret).
    static func constantTimeEqual<Bytes: Collection<UInt8>>(_ candidate: Bytes, _ expected: [UInt8]) -> Bool {
        guard !expected.isEmpty else { return candidate.isEmpty }
        var difference: UInt8 = expected.count == candidate.count ? 0 : 1
        var index = 0
        for byte in candidate {
            difference |= byte ^ expected[index % expected.count]
            index += 1
        }
        return difference == 0
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
