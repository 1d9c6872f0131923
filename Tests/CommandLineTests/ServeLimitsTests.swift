import Foundation
import TestSupport
import Testing

/// `serve` bounds every client: a whole-request deadline that trickled bytes cannot put off, and
/// donations held in size, in reservations and in number per hour.
@Suite("What serve takes from one client", .serialized)
struct ServeLimitsTests {
    /// A raw TCP connection to the server, for requests no HTTP client would send.
    final class Connection {
        let descriptor: Int32

        init(port: Int) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(connected == 0)
        }

        deinit { close(descriptor) }

        /// Sends bytes; `false` once the server has closed the connection.
        func send(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        }

        /// Whether the server closed the connection (a read finds its end) within `seconds`.
        func isClosed(within seconds: Double) -> Bool {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return false }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count == 0 { return true }
                if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
            }
        }
    }

    @Test("a request trickled a byte at a time is closed at the request deadline, whatever its address; one sent whole in time is answered")
    func trickle() throws {
        let folder = try TemporaryFolder("serve-trickle")
        try FileManager.default.copyItem(at: Repository.url("Examples/trip"), to: folder.url.appendingPathComponent("in"))
        let server = try ServeCommandTests.Server(["in", "--output", "trips.ics", "--request-timeout", "3"], in: folder)
        defer { _ = server.stop() }
        let port = try #require(server.url.port)
        for path in ["/wrong-secret/inbox", server.url.path] {
            let connection = try Connection(port: port)
            let started = Date()
            #expect(connection.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n"))
            var closed = false
            // A byte a second keeps the idle timer (30 s) from firing: the deadline fires anyway.
            for _ in 0..<12 where !closed {
                closed = connection.isClosed(within: 1) || !connection.send("x")
            }
            #expect(closed, "\(path): still open after \(Date().timeIntervalSince(started)) s")
            #expect(Date().timeIntervalSince(started) < 8)
        }
        // A slow request that is whole in time is answered, and the connection keeps serving.
        let connection = try Connection(port: port)
        #expect(connection.send("GET \(server.url.path) HTTP/1.1\r\n"))
        Thread.sleep(forTimeInterval: 1)
        #expect(connection.send("Host: 127.0.0.1\r\n\r\n"))
        var poller = pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 5000) == 1)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(connection.descriptor, &buffer, buffer.count, 0)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        #expect(server.process.isRunning)
    }

    @Test("donations: over the size refused unread (413), over the reservations refused whole (422), over the hour's number answered 429 with Retry-After; nothing kept of any")
    func donations() throws {
        let folder = try TemporaryFolder("serve-donations")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("inbox"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.url("Examples/trip/1-restaurant-epic-steak.json"), to: folder.url.appendingPathComponent("inbox/1-restaurant-epic-steak.json"))
        let server = try ServeCommandTests.Server(
            ["inbox", "--output", "trips.ics", "--donation-size", "64K", "--donation-reservations", "20", "--donations-per-hour", "3"], in: folder)
        defer { _ = server.stop() }
        let inbox = server.url.deletingLastPathComponent().appendingPathComponent("inbox")
        let authorized = ["Authorization": "Bearer " + (try ServeCommandTests.inboxToken(folder.path("trips.ics")))]

        let (large, _, largeBody) = try ServeCommandTests.request(inbox, method: "POST", headers: authorized, body: Data(repeating: 0x20, count: 65 * 1024))
        #expect(large == 413)
        #expect(String(decoding: largeBody, as: UTF8.self).contains("--donation-size"), "\(String(decoding: largeBody, as: UTF8.self))")

        let many = (0..<21).map { index in
            #"{"type": "restaurant", "status": "confirmed", "reservationNumber": "MANY\#(index)", "place": {"name": "Le Coin"}, "startTime": "2030-06-20T19:00:00+02:00"}"#
        }
        let (crowded, _, crowdedBody) = try ServeCommandTests.request(
            inbox, method: "POST", headers: authorized, body: Data(("[" + many.joined(separator: ",") + "]").utf8))
        #expect(crowded == 422)
        #expect(
            String(decoding: crowdedBody, as: UTF8.self).contains("the document holds 21 reservations, more than the 20 a donation may (--donation-reservations); nothing was kept"),
            "\(String(decoding: crowdedBody, as: UTF8.self))")

        // The hour's allowance: three (the two above counted), then 429 before the body is read.
        let (third, _, _) = try ServeCommandTests.request(inbox, method: "POST", headers: authorized, body: ServeCommandTests.donation("ReservationConfirmed"))
        #expect(third == 201)
        let (fourth, headers, fourthBody) = try ServeCommandTests.request(
            inbox, method: "POST", headers: authorized, body: ServeCommandTests.donation("ReservationCancelled"))
        #expect(fourth == 429, "\(String(decoding: fourthBody, as: UTF8.self))")
        #expect(Int(headers["retry-after"] ?? "") ?? 0 > 3000, "\(headers)")
        #expect(String(decoding: fourthBody, as: UTF8.self).contains("--donations-per-hour"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path("inbox")).sorted()
        #expect(kept.count == 2, "the example and the one donation: \(kept)")
        #expect(server.process.isRunning)
    }
}
