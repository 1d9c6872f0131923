import Foundation
import Testing

@testable import OAuth

@Suite("A sign-in on another device (RFC 8628)")
struct DeviceAuthorizationTests {
    @Test("the codes, where to enter them and how often to ask are read from the answer; the device code stays a secret")
    func read() throws {
        // Microsoft's answer, as its "device authorization grant flow" page shows it.
        let body = #"""
            {"user_code": "FNB7A2RGM", "device_code": "DAQABAAEAAAD--secret", "verification_uri": "https://microsoft.com/devicelogin",
             "expires_in": "900", "interval": 5, "message": "To sign in, use a web browser…"}
            """#
        let authorization = try DeviceAuthorization.read(Data(body.utf8), from: "https://login.microsoftonline.com/consumers/oauth2/v2.0/devicecode")
        #expect(authorization.userCode == "FNB7A2RGM")
        #expect(authorization.verificationURI == "https://microsoft.com/devicelogin")
        #expect(authorization.verificationURIComplete == nil)
        #expect(authorization.expiresIn == 900 && authorization.interval == 5)
        #expect(!"\(authorization)".contains("secret"))
        // Google's older name for the address.
        let google = try DeviceAuthorization.read(
            Data(#"{"device_code": "d", "user_code": "GQVQ-JKEC", "verification_url": "https://www.google.com/device", "expires_in": 1800, "interval": 5}"#.utf8), from: "g")
        #expect(google.verificationURI == "https://www.google.com/device")
    }

    @Test("an address that is not HTTPS, or a missing code, is refused; an error object is the server's refusal")
    func refused() {
        let plain = #expect(throws: OAuthError.self) {
            try DeviceAuthorization.read(Data(#"{"device_code": "d", "user_code": "U", "verification_uri": "http://example.com/device"}"#.utf8), from: "s")
        }
        #expect(plain == .malformed(source: "s", reason: "its answer lacks a device_code, a user_code or an HTTPS verification_uri"))
        let scope = #expect(throws: OAuthError.self) {
            try DeviceAuthorization.read(Data(#"{"error": "invalid_scope", "error_description": "Not allowed"}"#.utf8), from: "s")
        }
        #expect(scope == .refused(code: "invalid_scope", explanation: "Not allowed"))
    }
}
