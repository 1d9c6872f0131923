import Foundation
import Testing

@testable import OAuth

@Suite("Tokens that never say themselves")
struct BearerTokenTests {
    @Test("a token interpolated, dumped, mirrored or inside another value shows no character of itself")
    func hidden() {
        let secret = "ya29.a0AfB_byC-secret-access-token"
        let token = BearerToken(secret)
        let response = TokenResponse(accessToken: token, expiresIn: 3599, refreshToken: BearerToken("1//0refresh-secret"), scopes: ["openid"])
        var dumped = ""
        dump(response, to: &dumped)
        let client = ClientRegistration(clientID: "123.apps.googleusercontent.com", clientSecret: "GOCSPX-client-secret")
        var dumpedClient = ""
        dump(client, to: &dumpedClient)
        for text in ["\(token)", String(describing: token), String(reflecting: token), "\(response)", String(reflecting: response), dumped, "\(client)", dumpedClient] {
            #expect(!text.contains("secret"), "\(text)")
        }
        #expect(token.value == secret)
        #expect("\(token)" == "[token]")
    }
}
