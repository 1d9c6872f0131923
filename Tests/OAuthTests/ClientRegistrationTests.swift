import Foundation
import Testing

@testable import OAuth

@Suite("The client the person brings")
struct ClientRegistrationTests {
    /// The shape of the file Google's Cloud console gives for a desktop app's OAuth client
    /// (APIs & Services, Credentials, "Download JSON"), as Google documents it in "Using OAuth 2.0
    /// for Mobile & Desktop Apps"; the values are made up.
    static let installed = """
        {"installed": {"client_id": "123-abc.apps.googleusercontent.com", "project_id": "trips-123",
          "auth_uri": "https://accounts.google.com/o/oauth2/auth", "token_uri": "https://oauth2.googleapis.com/token",
          "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
          "client_secret": "GOCSPX-made-up", "redirect_uris": ["http://localhost"]}}
        """

    @Test("Google's client_secret_*.json is read as it is")
    func google() throws {
        let client = try ClientRegistration.google(Data(Self.installed.utf8))
        #expect(client.clientID == "123-abc.apps.googleusercontent.com")
        #expect(client.clientSecret?.value == "GOCSPX-made-up")
        #expect(client.formFields.map(\.name) == ["client_id", "client_secret"])
        // A Microsoft application ID has no secret.
        #expect(ClientRegistration(clientID: "00000000-0000-0000-0000-000000000000").formFields.map(\.name) == ["client_id"])
    }

    @Test("a file that is not a client's says what to fetch")
    func wrongFile() {
        #expect(throws: OAuthError.self) { try ClientRegistration.google(Data("not json".utf8)) }
        #expect(throws: OAuthError.registration("the client file has neither \"installed\" nor \"web\": is it a client_secret_*.json of an OAuth client?")) {
            try ClientRegistration.google(Data(#"{"type": "service_account"}"#.utf8))
        }
        #expect(throws: OAuthError.registration("the client file has no client_id")) {
            try ClientRegistration.google(Data(#"{"installed": {"client_secret": "x"}}"#.utf8))
        }
    }
}
