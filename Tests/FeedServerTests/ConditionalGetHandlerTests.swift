import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import ReservationFeed
import TestSupport
import Testing

@testable import FeedServer

/// The 304s answered on the event loop, before Hummingbird: only when certain, and in order.
@Suite("Conditional GETs answered on the connection")
struct ConditionalGetHandlerTests {
    static let secret = FeedSecret("k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL")!
    static let feedPath = "/\(secret.value)/trips.ics"

    /// A server whose keeper serves the golden feed, and a channel with the handler.
    static func channel() async throws -> (EmbeddedChannel, ServedFeed) {
        let folder = try TemporaryFolder("conditional")
        let output = folder.path("trips.ics")
        try FileManager.default.copyItem(atPath: Repository.url("Tests/ReservationFeedTests/Golden/trip.ics").path, toPath: output)
        let keeper = FeedKeeper(generator: FeedGenerator(), inputs: [], output: output, log: { _ in })
        keeper.reloadFromDisk()
        let feed = try #require(keeper.current)
        var configuration = FeedServer.Configuration()
        configuration.logRequests = false
        let options = FeedOptions()
        let server = FeedServer(
            configuration: configuration, keeper: keeper,
            responder: FeedResponder(secret: secret, feedName: "trips.ics", calendar: options.calendarProperties),
            desk: DonationDesk(inbox: folder.path("inbox"), importer: ReservationImporter(), options: options), inboxToken: nil, log: { _ in })
        let channel = EmbeddedChannel(handler: ConditionalGetHandler(server: server))
        return (channel, feed)
    }

    static func send(_ channel: EmbeddedChannel, path: String, method: HTTPRequest.Method = .get, fields: HTTPFields = [:]) throws {
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: method, scheme: nil, authority: "h", path: path, headerFields: fields)))
        try channel.writeInbound(HTTPRequestPart.end(nil))
    }

    @Test("a conditional GET of the current feed is answered here: 304 with its validators, nothing passed on")
    func answered() async throws {
        let (channel, feed) = try await Self.channel()
        try Self.send(channel, path: Self.feedPath, fields: [.ifNoneMatch: feed.entityTag])
        #expect(try channel.readInbound(as: HTTPRequestPart.self) == nil)
        guard case .head(let response) = try #require(try channel.readOutbound(as: HTTPResponsePart.self)) else {
            Issue.record("no response head")
            return
        }
        #expect(response.status == .notModified)
        #expect(response.headerFields[.eTag] == feed.entityTag)
        #expect(response.headerFields[.lastModified] == feed.lastModifiedText)
        #expect(response.headerFields[.date].flatMap(HTTPDate.parse) != nil)
        guard case .end = try #require(try channel.readOutbound(as: HTTPResponsePart.self)) else {
            Issue.record("no response end")
            return
        }
    }

    @Test("anything uncertain goes on to Hummingbird: another tag, another path, a wrong secret, a POST, Connection: close")
    func passedOn() async throws {
        let (channel, feed) = try await Self.channel()
        let cases: [(String, HTTPRequest.Method, HTTPFields)] = [
            (Self.feedPath, .get, [.ifNoneMatch: "\"other\""]), (Self.feedPath, .get, [:]),
            ("/\(Self.secret.value)/other.ics", .get, [.ifNoneMatch: feed.entityTag]),
            ("/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkX/trips.ics", .get, [.ifNoneMatch: feed.entityTag]),
            (Self.feedPath, .post, [.ifNoneMatch: feed.entityTag]), (Self.feedPath, .get, [.ifNoneMatch: feed.entityTag, .connection: "close"]),
            (Self.feedPath + "?x=1", .get, [.ifNoneMatch: feed.entityTag]),
        ]
        for (path, method, fields) in cases {
            try Self.send(channel, path: path, method: method, fields: fields)
            guard case .head = try #require(try channel.readInbound(as: HTTPRequestPart.self)) else {
                Issue.record("\(method) \(path) was not passed on")
                continue
            }
            _ = try channel.readInbound(as: HTTPRequestPart.self)
            // Hummingbird's answer goes out through the handler.
            try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
            _ = try channel.readOutbound(as: HTTPResponsePart.self)
            _ = try channel.readOutbound(as: HTTPResponsePart.self)
        }
    }

    @Test("a pipelined conditional GET behind a request still being answered waits its turn: answers stay in order")
    func order() async throws {
        let (channel, feed) = try await Self.channel()
        try Self.send(channel, path: "/\(Self.secret.value)/")  // the page: Hummingbird's
        try Self.send(channel, path: Self.feedPath, fields: [.ifNoneMatch: feed.entityTag])
        // Both went on: the second may not overtake the first.
        var heads = 0
        while let part = try channel.readInbound(as: HTTPRequestPart.self) { if case .head = part { heads += 1 } }
        #expect(heads == 2)
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        for _ in 0..<2 {
            try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
        }
        while try channel.readOutbound(as: HTTPResponsePart.self) != nil {}
        // With nothing outstanding, the next one is answered here again.
        try Self.send(channel, path: Self.feedPath, method: .head, fields: [.ifNoneMatch: feed.entityTag])
        #expect(try channel.readInbound(as: HTTPRequestPart.self) == nil)
        guard case .head(let response) = try #require(try channel.readOutbound(as: HTTPResponsePart.self)) else {
            Issue.record("no response head")
            return
        }
        #expect(response.status == .notModified)
    }
}
