import Foundation
import TestSupport
import Testing

@testable import OAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The listener the browser comes back to, with the test as the browser.
@Suite("The loopback redirect (RFC 8252 §7.3)")
struct LoopbackRedirectTests {
    @Test("the browser comes back to the listener's port: it gets a page, the sign-in gets the code; other paths are 404")
    func roundTrip() async throws {
        let server = try OAuthTestServer()
        let listener = try LoopbackRedirect()
        #expect(listener.port > 0 && listener.redirectURI == "http://127.0.0.1:\(listener.port)/")
        let metadataURL = AuthorizationServerMetadata.locations(ofIssuer: server.issuer)[0]
        let metadata = try AuthorizationServerMetadata.read(try await URLSession.shared.data(from: metadataURL).0, issuer: server.issuer.absoluteString)
        let request = AuthorizationRequest(client: ClientRegistration(clientID: server.clientID), redirectURI: listener.redirectURI, scopes: ["calendar"])
        let waiting = Task {
            try await onThreadOfItsOwn {
                // Longer than the whole story takes on a loaded machine, shorter than the silent
                // connections below would hold a listener that took one at a time (2 s each).
                try listener.waitForRedirect(seconds: 90, state: request.state) { _ in LoopbackRedirect.Page(status: 200, message: "Signed in. You may close this tab.") }
            }
        }
        // A browser's stray request first, then the sign-in, whose redirect it follows.
        let (_, stray) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(listener.port)/favicon.ico")!)
        #expect((stray as? HTTPURLResponse)?.statusCode == 404)
        // Another program, or a page probing ports, with a code of its own: refused, and the
        // sign-in goes on.
        let (_, forged) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(listener.port)/?code=theirs&state=guessed")!)
        #expect((forged as? HTTPURLResponse)?.statusCode == 400)
        // Another local user's connections that say nothing, more than are served at once, hold
        // nothing back: the browser's request is answered all the same.
        var silent: [Int32] = []
        defer { silent.forEach { close($0) } }
        for _ in 0..<60 {
            let descriptor = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(listener.port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            silent.append(descriptor)
        }
        let (page, response) = try await URLSession.shared.data(from: try #require(request.url(at: metadata.authorizationEndpoint)))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Referrer-Policy") == "no-referrer")
        #expect(String(decoding: page, as: UTF8.self).contains("Signed in. You may close this tab."))
        let target = try await waiting.value
        let code = try request.code(fromRedirect: target)
        #expect(!code.isEmpty)
    }

    @Test("nobody coming back ends the wait, and says so")
    func timeout() throws {
        let listener = try LoopbackRedirect()
        #expect(throws: OAuthError.redirectListener("no browser came back within 1 s")) {
            try listener.waitForRedirect(seconds: 1, state: "s") { _ in LoopbackRedirect.Page(status: 200, message: "") }
        }
    }
}
