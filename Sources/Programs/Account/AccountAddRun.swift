import ArgumentParser
import Basics
import Foundation
import OAuth
import ProgramSupport

/// What `account add` does: one sign-in by OAuth 2.0 (the authorization code flow with PKCE
/// through the browser, or the device grant), checked to be the account named, and kept.
public struct AccountAddRun {
    /// The command line.
    let options: AccountAddOptions
    /// Where the sign-in is kept.
    let store: AccountStore
    /// Opens the sign-in's address.
    let browser: Browser

    public init(_ options: AccountAddOptions) {
        self.init(options, environment: ProcessInfo.processInfo.environment)
    }

    init(_ options: AccountAddOptions, environment: [String: String]) {
        self.options = options
        store = AccountStore(environment: environment)
        browser = Browser(environment: environment)
    }

    /// Signs in and keeps the grant; exit status 2 when it did not work.
    public func run() async throws {
        do {
            try await signIn()
        } catch let error as OAuthError {
            StandardError.print("error: \(said(error))")
            throw ExitCode.usage
        }
    }

    private func signIn() async throws {
        let provider = Provider.named(options.provider)
        // What can be checked here is checked before the provider is asked anything.
        let (registration, clientFile) = try client()
        if let provider, options.uses.contains(.calendar), provider.calendarScopes.isEmpty {
            throw OAuthError.registration(
                "\(provider.name)'s calendar is not reached by CalDAV: subscribe to the feed reservation-feed serve serves instead (see the README)")
        }
        try store.prepare()
        let metadata: AuthorizationServerMetadata
        if let provider {
            metadata = try await TokenClient.discover(provider: provider)
        } else {
            metadata = try await TokenClient.discover(issuer: try issuerURL())
        }
        let client = TokenClient(metadata: metadata, client: registration)
        let scopes = scopes(provider: provider, metadata: metadata)
        let response = options.device ? try await onAnotherDevice(client, scopes: scopes) : try await inBrowser(client, provider: provider, scopes: scopes)

        guard let refreshToken = response.refreshToken else {
            try? await client.revoke(response.accessToken, hint: "access_token")
            throw OAuthError.malformed(
                source: metadata.tokenEndpoint.absoluteString,
                reason: "it gave no refresh token, so the sign-in would last an hour (is the client a desktop app's, and offline access allowed?)")
        }
        // A consent screen lets the person untick what was asked: what was not granted is said,
        // and a sign-in that opens nothing asked for is not kept.
        let identityScopes: Set = ["openid", "email", "profile", "offline_access"]
        let asked = scopes.filter { !identityScopes.contains($0) }
        if let granted = response.scopes {
            let missing = asked.filter { !granted.contains($0) }
            if !asked.isEmpty, missing.count == asked.count {
                try? await client.revoke(refreshToken)
                throw OAuthError.refused(code: "access_denied", explanation: "none of what was asked for was allowed (\(asked.joined(separator: " "))); nothing was kept")
            }
            if !missing.isEmpty { StandardError.print("warning: not allowed, so not usable: \(missing.joined(separator: " "))") }
        }
        if let identity = response.identity, identity.lowercased() != options.account.lowercased() {
            // Not the account named: nothing of this sign-in stays, with the server either.
            try? await client.revoke(refreshToken)
            throw OAuthError.anotherAccount(named: options.account, signedIn: identity)
        }
        let file = store.file(for: options.account)
        let previous = try? file.load()
        let grant = GrantFile.Grant(
            issuer: metadata.issuer, clientID: registration.clientID, account: options.account, scopes: response.scopes ?? scopes,
            refreshToken: refreshToken, provider: provider?.name, clientSecret: registration.clientSecret, clientFile: clientFile)
        let kept: GrantFile.Kept
        do {
            kept = try previous.map { try store.replace($0, with: grant) } ?? store.save(grant)
        } catch {
            // A grant that cannot be kept is not left with the provider either.
            try? await client.revoke(refreshToken)
            throw error
        }
        let checked = response.identity == nil ? " (the provider did not say which account signed in: make sure it was this one)" : ""
        let keyring = kept.place == .keyring ? ", its token in the desktop's keyring" : ""
        StandardError.print("Signed in as \(options.account)\(checked). The sign-in is kept in \(file.path)\(keyring)\(previous != nil ? ", replacing the one kept before" : "").")
        if let note = kept.note { StandardError.print("note: the token is kept in that file, readable by you alone: \(note)") }
        if let previous { await revoke(previous, replacedBy: grant) }
        StandardError.print("Use it with --account \(SignInCommand.quoted(options.account)) (publish, calendars, imap:// inputs).")
    }

    /// Revokes the grant a new sign-in replaced, so that no live grant is left that nothing
    /// here knows of; but not at Google for the same client, where revoking any token of an
    /// app's grant revokes them all (the new one too), and signing in again replaced it there.
    private func revoke(_ previous: GrantFile.Grant, replacedBy grant: GrantFile.Grant) async {
        guard previous.refreshToken != grant.refreshToken else { return }
        if previous.provider == Provider.google.name, grant.provider == Provider.google.name, previous.clientID == grant.clientID { return }
        do {
            try await TokenClient.of(previous).revoke(previous.refreshToken)
        } catch {
            StandardError.print("warning: the sign-in kept before could not be revoked at its provider: \(said(error)). \(AccountRemoveRun.whereToRevoke(previous))")
        }
    }

    /// The issuer named by its address.
    private func issuerURL() throws(OAuthError) -> URL {
        guard let url = URL(string: options.provider) else {
            throw .unusableMetadata(issuer: options.provider, reason: "it is not a URL")
        }
        return url
    }

    /// The client the person brings: Google's JSON file as it is, else a client ID with the
    /// secret a file holds; and the file, when it was one (absolute, for the command that signs
    /// in again).
    private func client() throws -> (ClientRegistration, String?) {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: options.client, isDirectory: &isFolder)
        if exists, isFolder.boolValue {
            throw OAuthError.registration("\(options.client) is a folder: the client is a client_secret_….json file in it, or a client ID")
        }
        if exists {
            guard let data = FileManager.default.contents(atPath: options.client) else {
                throw OAuthError.registration("\(options.client) cannot be read")
            }
            let path = URL(fileURLWithPath: options.client).standardizedFileURL.path
            return (try ClientRegistration.google(data), path)
        }
        if options.client.hasSuffix(".json") || options.client.contains("/") {
            throw OAuthError.registration("\(options.client): no such file (the client is a client_secret_….json or a client ID)")
        }
        var secret: String?
        if let path = options.clientSecretFile {
            do {
                secret = try OwnerOnlyFile.firstLine(path)
            } catch {
                throw OAuthError.registration("--client-secret-file \(path): the file \(error)")
            }
        }
        return (ClientRegistration(clientID: options.client, clientSecret: secret), nil)
    }

    /// What the sign-in asks for: the provider's scopes for the uses named, or those given,
    /// with OpenID Connect's where the server speaks it, so that it says who signed in.
    private func scopes(provider: Provider?, metadata: AuthorizationServerMetadata) -> [String] {
        var scopes = options.scope
        if let provider {
            let uses = Set(options.uses.isEmpty ? AccountAddOptions.Use.allCases : options.uses)
            scopes = provider.scopes(mail: uses.contains(.mail), calendar: uses.contains(.calendar)) + scopes + provider.identityScopes
        } else if metadata.scopesSupported?.contains("openid") == true {
            scopes += ["openid"] + (metadata.scopesSupported?.contains("email") == true ? ["email"] : [])
        }
        var seen: Set<String> = []
        return scopes.filter { seen.insert($0).inserted }
    }

    /// The authorization code flow: the browser opened (or the address printed), the listener
    /// waited on, the code exchanged.
    private func inBrowser(_ client: TokenClient, provider: Provider?, scopes: [String]) async throws -> TokenResponse {
        let listener = try LoopbackRedirect()
        let extra = (provider?.authorizationParameters ?? [:]).sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        let request = AuthorizationRequest(
            client: client.client, redirectURI: listener.redirectURI, scopes: scopes, extra: extra + [("login_hint", options.account)])
        guard let address = request.url(at: client.metadata.authorizationEndpoint)?.absoluteString else {
            throw OAuthError.unusableMetadata(issuer: client.metadata.issuer, reason: "its authorization endpoint cannot take a request")
        }
        if !options.noBrowser, browser.open(address) {
            StandardError.print("A browser was opened to sign in as \(options.account). If none appears, open this address:\n\n  \(address)\n")
        } else {
            StandardError.print("To sign in as \(options.account), open this address in a browser on this machine:\n\n  \(address)\n")
        }
        StandardError.print("Waiting for the browser to come back (up to \(options.timeout) s)…")
        let (seconds, state) = (options.timeout, request.state)
        let target: String = try await withCheckedThrowingContinuation { continuation in
            DetachedThread.start {
                do {
                    let target = try listener.waitForRedirect(seconds: seconds, state: state) { target in
                        do {
                            _ = try request.code(fromRedirect: target)
                            return LoopbackRedirect.Page(status: 200, message: "Signed in. You can close this page and go back to reservation-feed.")
                        } catch {
                            return LoopbackRedirect.Page(status: 400, message: "Not signed in: \(error). Go back to reservation-feed.")
                        }
                    }
                    continuation.resume(returning: target)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        return try await client.exchange(code: try request.code(fromRedirect: target), of: request)
    }

    /// The device grant: the code shown, the token endpoint polled.
    private func onAnotherDevice(_ client: TokenClient, scopes: [String]) async throws -> TokenResponse {
        let authorization = try await client.startDeviceAuthorization(scopes: scopes)
        let life = min(authorization.expiresIn, options.timeout)
        let lasting = life < 120 ? "\(life) s" : "\(life / 60) min"
        StandardError.print(
            "To sign in as \(options.account), open \(authorization.verificationURI) on any device and enter the code \(authorization.userCode) (it lasts \(lasting))."
        )
        if let complete = authorization.verificationURIComplete {
            StandardError.print("Or open this address, which holds the code:\n\n  \(complete)\n")
        }
        StandardError.print("Waiting for the sign-in…")
        let limit = options.timeout
        do {
            return try await client.waitForDeviceToken(authorization, within: limit)
        } catch .deviceCodeExpired {
            // Waited no longer than the person asked, though the code would have lasted.
            throw limit < authorization.expiresIn ? OAuthError.notSignedInWithin(seconds: limit) : .deviceCodeExpired
        }
    }
}
