import Foundation
import ICalendar
import TestSupport
import ReservationFeed
import Testing

@testable import FeedServer

/// The HTTP rules of `serve`, as plain values: no socket is opened.
@Suite("Serving a feed: the secret, validators, 304, gzip")
struct FeedResponderTests {
    static let secret = FeedSecret("k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL")!
    static let responder = FeedResponder(
        secret: secret, feedName: "trips.ics",
        calendar: CalendarProperties(productIdentifier: "-//test//EN", name: "Trips", refreshInterval: 3600))
    static let feedText = try! String(contentsOf: Repository.url("Tests/ReservationFeedTests/Golden/trip.ics"), encoding: .utf8)
    static let feed = ServedFeed(
        bytes: Array(feedText.utf8), previous: nil, modified: Date(timeIntervalSince1970: 1_900_000_000), maxAge: 3600)
    static let now = Instant(secondsSinceEpoch: 1_800_000_000)

    func get(_ path: String, method: String = "GET", _ change: @escaping (inout FeedRequest) -> Void = { _ in }) -> FeedResponse {
        var request = FeedRequest(method: method, path: path)
        change(&request)
        return Self.responder.respond(to: request, feed: Self.feed, host: "example.org:8080", now: Self.now)
    }

    var feedPath: String { "/\(Self.secret.value)/trips.ics" }

    @Test("the feed: its bytes, as text/calendar, with a strong ETag, Last-Modified and Cache-Control from REFRESH-INTERVAL")
    func feedItself() {
        let response = get(feedPath)
        #expect(response.status == 200)
        #expect(response.body == Self.feed.bytes)
        #expect(response.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(response.header("ETag") == Self.feed.entityTag)
        #expect(Self.feed.entityTag.hasPrefix("\"") && !Self.feed.entityTag.hasPrefix("W/"))
        #expect(response.header("Last-Modified") == "Sun, 17 Mar 2030 17:46:40 GMT")
        #expect(response.header("Cache-Control") == "private, max-age=3600")
        #expect(response.header("Vary") == "Accept-Encoding")
    }

    @Test("HEAD: the GET's headers and length, no body")
    func head() {
        let response = get(feedPath, method: "HEAD")
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.contentLength == Self.feed.bytes.count)
        #expect(response.header("ETag") == Self.feed.entityTag)
    }

    @Test("a client whose copy is current gets 304 and no body, by ETag or by date")
    func notModified() {
        for change: (inout FeedRequest) -> Void in [
            { $0.ifNoneMatch = Self.feed.entityTag }, { $0.ifNoneMatch = "\"other\", \(Self.feed.entityTag)" },
            { $0.ifNoneMatch = "W/\(Self.feed.entityTag)" }, { $0.ifNoneMatch = "*" },
            { $0.ifModifiedSince = "Sun, 17 Mar 2030 17:46:40 GMT" }, { $0.ifModifiedSince = "Mon, 18 Mar 2030 00:00:00 GMT" },
        ] {
            for method in ["GET", "HEAD"] {
                let response = get(feedPath, method: method, change)
                #expect(response.status == 304)
                #expect(response.body.isEmpty && response.contentLength == 0)
                #expect(response.header("ETag") == Self.feed.entityTag)
            }
        }
    }

    @Test("a copy that is not current gets the feed: another ETag wins over a later date; an earlier date; a date not understood")
    func modified() {
        for change: (inout FeedRequest) -> Void in [
            { $0.ifNoneMatch = "\"other\"" }, { $0.ifNoneMatch = "\"other\""; $0.ifModifiedSince = "Mon, 18 Mar 2030 00:00:00 GMT" },
            { $0.ifModifiedSince = "Sun, 17 Mar 2030 17:46:39 GMT" }, { $0.ifModifiedSince = "yesterday" },
        ] {
            #expect(get(feedPath, change).status == 200)
        }
    }

    @Test("gzip for clients that accept it, with an ETag of its own that validates either form")
    func gzip() throws {
        let response = get(feedPath) { $0.acceptEncoding = "br;q=1.0, gzip;q=0.8, *;q=0.1" }
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(try GzipCompression.decompress(response.body) == Self.feed.bytes)
        #expect(response.body.count < Self.feed.bytes.count / 2)
        let tag = try #require(response.header("ETag"))
        #expect(tag != Self.feed.entityTag)
        #expect(get(feedPath) { $0.acceptEncoding = "gzip"; $0.ifNoneMatch = tag }.status == 304)
        #expect(get(feedPath) { $0.ifNoneMatch = tag }.status == 304)
        #expect(get(feedPath) { $0.acceptEncoding = "gzip;q=0, identity" }.header("Content-Encoding") == nil)
    }

    @Test("a wrong or missing secret, other paths, traversal, encoded slashes: one and the same 404", arguments: [
        "/", "/trips.ics", "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkX/trips.ics", "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJk/trips.ics",
        "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL/other.ics", "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL/../trips.ics",
        "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL/%2e%2e/trips.ics", "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL%2Ftrips.ics",
        "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL/trips%2eics", "/%6b7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL/trips.ics",
        "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL/events/../trips.ics", "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL/events/nothing.ics",
        "/k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL//trips.ics", "/health/../k7QkFq3n_Zy8-wP2mLx9aBcDeFgHiJkL/trips.ics",
    ])
    func notFound(path: String) {
        for method in ["GET", "HEAD", "POST", "DELETE", "PROPFIND"] {
            #expect(get(path, method: method) == FeedResponse.notFound, "\(method) \(path)")
        }
    }

    @Test("a method the feed does not take: 405, only where the secret is right")
    func methodNotAllowed() {
        #expect(get(feedPath, method: "PUT").status == 405)
        #expect(get(feedPath, method: "DELETE").header("Allow") == "GET, HEAD")
        #expect(get("/\(Self.secret.value)/inbox").status == 405)
        #expect(get("/\(Self.secret.value)/inbox").header("Allow") == "POST")
    }

    @Test("/health answers 200 with nothing in it, without the secret")
    func health() {
        let response = get("/health")
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
    }

    @Test("before the first feed exists, the feed's paths answer 503 and say to retry")
    func noFeedYet() {
        let response = Self.responder.respond(to: FeedRequest(method: "GET", path: feedPath), feed: nil, host: "h", now: Self.now)
        #expect(response.status == 503)
        #expect(response.header("Retry-After") == "5")
        let unknown = Self.responder.respond(to: FeedRequest(method: "GET", path: "/x/trips.ics"), feed: nil, host: "h", now: Self.now)
        #expect(unknown == .notFound)
    }

    @Test("the secret is compared whole, and never printed")
    func secretMatching() {
        #expect(Self.secret.matches(Array(Self.secret.value.utf8)))
        #expect(!Self.secret.matches(Array(Self.secret.value.dropLast().utf8)))
        #expect(!Self.secret.matches(Array((Self.secret.value + "x").utf8)))
        #expect(!Self.secret.matches([UInt8]()))
        #expect(!"\(Self.secret)".contains(Self.secret.value))
        #expect(FeedSecret("short") == nil)
        #expect(FeedSecret("has/slash_and_is_long_enough_123") == nil)
        let random = FeedSecret.random()
        #expect(random.value.utf8.count == 32)
        #expect(random != FeedSecret.random())
    }

    @Test("logs show paths without the secret")
    func logging() {
        #expect(FeedServer.loggable(feedPath) == "/…/trips.ics")
        #expect(FeedServer.loggable("/\(Self.secret.value)") == "/…")
        #expect(FeedServer.loggable("/wrong-guess/trips.ics") == "/…/trips.ics")
        #expect(FeedServer.loggable("/health") == "/health")
        #expect(FeedServer.loggable("//\(Self.secret.value)/trips.ics") == "/…/trips.ics", "slashes before the secret hide nothing")
    }

    @Test("Last-Modified stays while the bytes do, and moves forward whenever they change, even within a second")
    func lastModified() {
        let first = Self.feed
        let same = ServedFeed(bytes: first.bytes, previous: first, modified: Date(timeIntervalSince1970: 1_900_000_500), maxAge: nil)
        #expect(same.lastModified == first.lastModified)
        #expect(same.entityTag == first.entityTag)
        let changed = ServedFeed(bytes: first.bytes + [0x0A], previous: first, modified: Date(timeIntervalSince1970: 1_900_000_000.4), maxAge: nil)
        #expect(changed.lastModified > first.lastModified)
        #expect(changed.entityTag != first.entityTag)
        let clockWentBack = ServedFeed(bytes: [0x41], previous: changed, modified: Date(timeIntervalSince1970: 1_000), maxAge: nil)
        #expect(clockWentBack.lastModified > changed.lastModified)
    }

    @Test("HTTP dates are written and read as RFC 9110 has them")
    func httpDates() {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(HTTPDate.format(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 25:49:37 GMT") == nil)
    }

    @Test("gzip is offered only when Accept-Encoding allows it", arguments: [
        ("gzip", true), ("GZIP", true), ("deflate, gzip", true), ("x-gzip", true), ("*", true), ("gzip;q=0", false),
        ("identity", false), ("br", false), ("", false),
    ])
    func acceptEncoding(header: String, accepts: Bool) {
        #expect(FeedResponder.accepts(gzip: header) == accepts)
    }
}
