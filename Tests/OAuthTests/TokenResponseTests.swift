import Foundation
import Testing

@testable import OAuth

@Suite("Token endpoints' answers (RFC 6749 §5)")
struct TokenResponseTests {
    @Test("a first exchange gives an access token, its lifetime, a refresh token and the scopes granted")
    func success() throws {
        let body = #"{"access_token": "ya29.access", "expires_in": 3599, "refresh_token": "1//refresh", "scope": "https://mail.google.com/ openid", "token_type": "Bearer"}"#
        let response = try TokenResponse.read(Data(body.utf8), from: "https://oauth2.googleapis.com/token")
        #expect(response.accessToken.value == "ya29.access")
        #expect(response.expiresIn == 3599)
        #expect(response.refreshToken?.value == "1//refresh")
        #expect(response.scopes == ["https://mail.google.com/", "openid"])
        // A refresh that rotates nothing, with the lifetime as a string and the type in lower case.
        let refresh = try TokenResponse.read(Data(#"{"access_token": "a2", "expires_in": "3600", "token_type": "bearer"}"#.utf8), from: "t")
        #expect(refresh.refreshToken == nil && refresh.expiresIn == 3600)
    }

    @Test("who signed in is the ID token's email (unless it is said unverified), else its preferred_username; no ID token, nobody")
    func identity() throws {
        func token(_ claims: String) -> String {
            "eyJhbGciOiJSUzI1NiJ9." + Base64URL.encode(Array(claims.utf8)) + ".c2lnbmF0dXJl"
        }
        func read(_ idToken: String) throws -> String? {
            let body = #"{"access_token": "a", "token_type": "Bearer", "id_token": "\#(idToken)"}"#
            return try TokenResponse.read(Data(body.utf8), from: "t").identity
        }
        #expect(try read(token(#"{"iss": "https://accounts.google.com", "email": "ada@gmail.com", "email_verified": true}"#)) == "ada@gmail.com")
        #expect(try read(token(#"{"email": "ada@gmail.com", "email_verified": false, "preferred_username": "ada@outlook.com"}"#)) == "ada@outlook.com")
        #expect(try read(token(#"{"preferred_username": "ada@outlook.com"}"#)) == "ada@outlook.com")
        #expect(try read(token(#"{"sub": "1234"}"#)) == nil)
        #expect(try read("not.a-jwt") == nil)
        #expect(try TokenResponse.read(Data(#"{"access_token": "a", "token_type": "Bearer"}"#.utf8), from: "t").identity == nil)
    }

    @Test("what a server says reaches a message printable only: no escape sequence, no direction override, whatever field it came in")
    func printable() throws {
        let body = "{\"error\": \"invalid_grant\\u001b]0;PWNED\\u0007\", \"error_description\": \"gone\\u202e\\u001b[2J\"}"
        let error = #expect(throws: OAuthError.self) { try TokenResponse.read(Data(body.utf8), from: "t") }
        let said = "\(try #require(error))"
        #expect(!said.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, "\(said.debugDescription)")
        #expect(said.hasPrefix("the authorization server refused (invalid_grant ]0;PWNED )"))
    }

    @Test("an error object is the server's refusal, with its words on one line; a revoked grant is told apart")
    func refusal() {
        let body = #"{"error": "invalid_grant", "error_description": "Token has been expired or revoked.\nSign in again."}"#
        let error = #expect(throws: OAuthError.self) { try TokenResponse.read(Data(body.utf8), from: "t") }
        #expect(error == .refused(code: "invalid_grant", explanation: "Token has been expired or revoked. Sign in again."))
        #expect(error?.grantIsGone == true)
        #expect(OAuthError.refused(code: "invalid_client", explanation: nil).grantIsGone == false)
    }

    @Test("what is not a Bearer token answer is malformed, and no message repeats a token")
    func malformed() {
        #expect(throws: OAuthError.malformed(source: "t", reason: "its answer is not a JSON object")) { try TokenResponse.read(Data("<html>".utf8), from: "t") }
        #expect(throws: OAuthError.malformed(source: "t", reason: "its answer has no access_token")) {
            try TokenResponse.read(Data(#"{"token_type": "Bearer"}"#.utf8), from: "t")
        }
        let mac = #expect(throws: OAuthError.self) {
            try TokenResponse.read(Data(#"{"access_token": "secret-mac-token", "token_type": "mac"}"#.utf8), from: "t")
        }
        #expect(mac?.description.contains("secret") == false)
        #expect(mac == .malformed(source: "t", reason: "its token is not a Bearer token (token_type mac)"))
    }
}
