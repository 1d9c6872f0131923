import Basics
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Speaks to an authorization server's endpoints: its metadata, the token endpoint (a code or a
/// refresh token exchanged for tokens) and the revocation endpoint.
///
/// Every request goes to the endpoint the metadata names and nowhere else: redirects are not
/// followed (a token endpoint that redirects is not answering as one, and the client's secret or a
/// refresh token must not follow it to another host). Answers are read up to 64 KB: their head
/// within 30 s, and the whole of them within 30 s more.
public struct TokenClient: Sendable {
    /// The server, as its metadata describes it.
    public var metadata: AuthorizationServerMetadata
    /// Who this program is to it.
    public var client: ClientRegistration

    /// A client of the server `metadata` describes.
    public init(metadata: AuthorizationServerMetadata, client: ClientRegistration) {
        self.metadata = metadata
        self.client = client
    }

    /// The largest answer read.
    static let answerLimit = 64 * 1024
    /// How long a request may take.
    static let timeout: TimeAmount = .seconds(30)

    /// The metadata of `issuer`, asked for where RFC 8414 and then OpenID Connect publish it
    /// (``AuthorizationServerMetadata/locations(ofIssuer:)``), and checked.
    public static func discover(issuer: URL) async throws(OAuthError) -> AuthorizationServerMetadata {
        // Metadata read over plain HTTP could name any endpoint, and the issuer's check would pass.
        guard AuthorizationServerMetadata.isSecure(issuer) else {
            throw .unusableMetadata(issuer: issuer.absoluteString, reason: "the issuer is not HTTPS")
        }
        var reasons: [String] = []
        for location in AuthorizationServerMetadata.locations(ofIssuer: issuer) {
            let answer = try await send("GET", location, form: nil)
            if answer.status == 200 { return try AuthorizationServerMetadata.read(Data(answer.body), issuer: issuer.absoluteString) }
            reasons.append("\(location.absoluteString) \(answer.said)")
        }
        throw .unusableMetadata(issuer: issuer.absoluteString, reason: "none is published (\(reasons.joined(separator: "; ")))")
    }

    /// The metadata of a known provider, read where it publishes it and checked against the
    /// issuer it must name (Microsoft's personal accounts publish under `consumers` an issuer
    /// that names their tenant).
    public static func discover(provider: Provider) async throws(OAuthError) -> AuthorizationServerMetadata {
        guard let location = URL(string: provider.metadataLocation) else {
            throw .unusableMetadata(issuer: provider.issuer, reason: "its address \(provider.metadataLocation) is not a URL")
        }
        let answer = try await send("GET", location, form: nil)
        guard answer.status == 200 else {
            throw .unusableMetadata(issuer: provider.issuer, reason: "\(location.absoluteString) \(answer.said)")
        }
        return try AuthorizationServerMetadata.read(Data(answer.body), issuer: provider.issuer)
    }

    /// The client of the server a kept grant is from: its provider's metadata, where it
    /// publishes it, else its issuer's.
    public static func of(_ grant: GrantFile.Grant) async throws(OAuthError) -> TokenClient {
        let metadata: AuthorizationServerMetadata
        if let name = grant.provider, let provider = Provider.named(name) {
            metadata = try await discover(provider: provider)
        } else if let issuer = URL(string: grant.issuer) {
            metadata = try await discover(issuer: issuer)
        } else {
            throw .unusableMetadata(issuer: grant.issuer, reason: "the issuer kept is not a URL")
        }
        return TokenClient(metadata: metadata, client: grant.client)
    }

    /// Starts a sign-in on another device (RFC 8628 §3.1): the codes to show the person.
    ///
    /// - Throws: ``OAuthError/unusableMetadata(issuer:reason:)`` when the server publishes no
    ///   device authorization endpoint, or its refusal (Google's `invalid_scope` for scopes
    ///   it does not allow there).
    public func startDeviceAuthorization(scopes: [String]) async throws(OAuthError) -> DeviceAuthorization {
        guard let endpoint = metadata.deviceAuthorizationEndpoint else {
            throw .unusableMetadata(issuer: metadata.issuer, reason: "it offers no sign-in on another device (no device_authorization_endpoint)")
        }
        let answer = try await Self.send("POST", endpoint, form: [("scope", scopes.joined(separator: " "))] + client.formFields)
        if answer.status == 429 || answer.status == 503 { throw .busy(endpoint: endpoint.absoluteString, retryAfter: answer.retryAfter) }
        try answer.notRedirected(from: endpoint)
        return try DeviceAuthorization.read(Data(answer.body), from: endpoint.absoluteString)
    }

    /// Polls the token endpoint until the person has entered the code (RFC 8628 §3.4, §3.5):
    /// every `interval` seconds, five more after each `slow_down`, until the codes expire.
    ///
    /// - Parameter sleep: Waits that many seconds (tests pass a shorter wait).
    /// - Throws: ``OAuthError/deviceCodeExpired``, or the refusal (`access_denied` when the person
    ///   declined).
    ///   - within: The most seconds to wait, whatever the codes' life (`--timeout`).
    public func waitForDeviceToken(
        _ authorization: DeviceAuthorization, within limit: Int? = nil,
        sleep: @Sendable (Int) async -> Void = { try? await Task.sleep(for: .seconds($0)) }
    ) async throws(OAuthError) -> TokenResponse {
        let form: [(name: String, value: String)] =
            [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", authorization.deviceCode.value)] + client.formFields
        let deadline = ContinuousClock.now + .seconds(min(authorization.expiresIn, limit ?? Int.max))
        var interval = authorization.interval
        while ContinuousClock.now < deadline {
            // Never past the deadline, whatever interval the server asks for.
            let left = deadline - ContinuousClock.now
            await sleep(max(1, min(interval, Int(left.components.seconds) + 1)))
            guard ContinuousClock.now < deadline else { break }
            do throws(OAuthError) {
                return try await token(form)
            } catch .refused("authorization_pending", _) {
                continue
            } catch .refused("slow_down", _) {
                interval += 5
            } catch .refused("expired_token", _) {
                throw .deviceCodeExpired
            } catch .busy(_, let retryAfter) {
                interval = max(interval, retryAfter ?? interval * 2)
            }
        }
        throw .deviceCodeExpired
    }

    /// Exchanges the code a sign-in brought back for tokens (RFC 6749 §4.1.3, with the
    /// sign-in's PKCE verifier).
    public func exchange(code: String, of request: AuthorizationRequest) async throws(OAuthError) -> TokenResponse {
        try await token(request.exchangeForm(code: code))
    }

    /// New tokens for a refresh token (RFC 6749 §6). A refusal with `invalid_grant`
    /// (``OAuthError/grantIsGone``) means the person must sign in again.
    public func refresh(_ refreshToken: BearerToken) async throws(OAuthError) -> TokenResponse {
        try await token(client.refreshForm(refreshToken: refreshToken))
    }

    /// Revokes a token, and with a refresh token the grant (RFC 7009).
    ///
    /// - Throws: ``OAuthError/unusableMetadata(issuer:reason:)`` when the server has no
    ///   revocation endpoint, or its refusal.
    /// - Parameter hint: What the token is (RFC 7009 §2.1): `refresh_token`, or `access_token`.
    public func revoke(_ token: BearerToken, hint: String = "refresh_token") async throws(OAuthError) {
        guard let endpoint = metadata.revocationEndpoint else {
            throw .unusableMetadata(issuer: metadata.issuer, reason: "it has no revocation endpoint")
        }
        let form = client.revocationForm(token: token, hint: hint)
        let answer = try await Self.send("POST", endpoint, form: form)
        // RFC 7009 §2.2: 200 whether or not the token was known; an error body otherwise.
        try answer.notRedirected(from: endpoint)
        guard answer.status == 200 else {
            do throws(OAuthError) {
                _ = try TokenResponse.read(Data(answer.body), from: endpoint.absoluteString)
            } catch .malformed {
                // Not an OAuth error (a front end's page): its status says more.
                throw .malformed(source: endpoint.absoluteString, reason: "it answered \(answer.status)")
            } catch {
                throw Self.withoutSecrets(error, sent: form)
            }
            throw .malformed(source: endpoint.absoluteString, reason: "it answered \(answer.status)")
        }
    }

    private func token(_ form: [(name: String, value: String)]) async throws(OAuthError) -> TokenResponse {
        do throws(OAuthError) {
            return try await tokenAnswer(form)
        } catch {
            throw Self.withoutSecrets(error, sent: form)
        }
    }

    /// A server's words with what was just sent to it taken out: one that echoes its request
    /// (`refresh token X is revoked`) would otherwise print the secret.
    static func withoutSecrets(_ error: OAuthError, sent form: [(name: String, value: String)]) -> OAuthError {
        guard case .refused(let code, var explanation) = error else { return error }
        let secret: Set = ["refresh_token", "code", "code_verifier", "client_secret", "device_code", "token"]
        for field in form where secret.contains(field.name) && field.value.count >= 4 {
            explanation = explanation?.replacingOccurrences(of: field.value, with: "[\(field.name)]")
        }
        return .refused(code: code, explanation: explanation)
    }

    private func tokenAnswer(_ form: [(name: String, value: String)]) async throws(OAuthError) -> TokenResponse {
        let answer = try await Self.send("POST", metadata.tokenEndpoint, form: form)
        if answer.status == 429 || answer.status == 503 {
            throw .busy(endpoint: metadata.tokenEndpoint.absoluteString, retryAfter: answer.retryAfter)
        }
        try answer.notRedirected(from: metadata.tokenEndpoint)
        do throws(OAuthError) {
            return try TokenResponse.read(Data(answer.body), from: metadata.tokenEndpoint.absoluteString)
        } catch .malformed where answer.status >= 500 {
            // A proxy's or front end's error page: the server is away for now, not refusing.
            throw .unreachable(endpoint: metadata.tokenEndpoint.absoluteString, reason: "it answered \(answer.status)")
        }
    }

    /// An answer: its status, body and `Retry-After` in seconds, when it says.
    struct Answer: Sendable {
        var status: Int
        var body: [UInt8]
        var retryAfter: Int?
        /// Where a redirect pointed.
        var location: String?

        /// The status in words: a redirect's target named, and said not to be followed.
        var said: String {
            guard (300..<400).contains(status) else { return "answered \(status)" }
            return "answered \(status), a redirect to \(TokenResponse.printable(location ?? "nowhere")) (not followed)"
        }

        /// Refuses a redirect as the answer of an endpoint the metadata named, which must answer
        /// itself: what was sent is not sent again elsewhere.
        func notRedirected(from endpoint: URL) throws(OAuthError) {
            guard (300..<400).contains(status) else { return }
            throw .malformed(source: endpoint.absoluteString, reason: "it \(said): the endpoint its metadata names must answer itself")
        }
    }

    /// Sends one request, never following a redirect, and reads the answer whole.
    static func send(_ method: String, _ url: URL, form: [(name: String, value: String)]?) async throws(OAuthError) -> Answer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "reservation-feed")
        if let form {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: FormEncoding.encode(form)))
        }
        do {
            let response = try await http.execute(request, timeout: timeout)
            // The whole answer within the time, not only its head: a server that sends a byte now
            // and then is given up on.
            let body = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await response.body.collect(upTo: answerLimit) }
                group.addTask {
                    try await Task.sleep(for: .seconds(30))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let buffer = first else { throw HTTPClientError.deadlineExceeded }
                return buffer
            }
            return Answer(
                status: Int(response.status.code), body: Array(buffer: body),
                retryAfter: response.headers.first(name: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
                location: response.headers.first(name: "Location"))
        } catch {
            throw .unreachable(endpoint: url.absoluteString, reason: explain(error))
        }
    }

    /// One HTTP client for the process, that follows no redirect.
    private static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(30)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// A connection's failure in words, with nothing of the request in them.
    static func explain(_ error: any Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout: "no answer in time"
        case let error as HTTPClientError where error == .connectTimeout: "cannot connect in time"
        case let error as HTTPClientError where error == .remoteConnectionClosed: "the server closed the connection"
        case is NIOTooManyBytesError: "its answer is larger than \(answerLimit / 1024) KB"
        case let error as NIOConnectionError where error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil):
            // No address was tried: the name itself was not found.
            "cannot find the host \(TokenResponse.printable(error.host)) (its name has no address: is it spelled right, and is the network up?)"
        case let error as NIOConnectionError:
            error.connectionErrors.first.map { "cannot connect: \(($0.error as? IOError).map { SocketErrorWords.connecting($0.errnoCode) } ?? "\($0.error)")" }
            ?? "cannot connect"
        case let error as IOError: "cannot connect: \(SocketErrorWords.connecting(error.errnoCode))"
        case _ where String(reflecting: type(of: error)).hasPrefix("NIOSSL"):
            "the secure connection failed: \(TokenResponse.printable(String(describing: error)))"
        default: "cannot connect (\(type(of: error)))"
        }
    }
}
