import Foundation
import Testing

@testable import OAuth

@Suite("Providers that demand OAuth 2.0")
struct ProviderTests {
    @Test("Google and Microsoft by name, with the scopes, servers and metadata their documents give")
    func known() throws {
        let google = try #require(Provider.named("Google"))
        #expect(google.scopes(mail: true, calendar: true) == ["https://mail.google.com/", "https://www.googleapis.com/auth/calendar"])
        #expect(google.imap.host == "imap.gmail.com" && google.imap.port == 993)
        #expect(google.calDAV == "https://apidata.googleusercontent.com/caldav/v2/")
        #expect(google.authorizationParameters == ["access_type": "offline", "prompt": "consent"])
        let microsoft = try #require(Provider.named("microsoft"))
        #expect(microsoft.scopes(mail: true, calendar: true) == ["https://outlook.office.com/IMAP.AccessAsUser.All", "offline_access"])
        #expect(microsoft.imap.host == "outlook.office365.com" && microsoft.calDAV == nil)
        // Its metadata is published under `consumers`, and names the consumer tenant as issuer.
        #expect(microsoft.metadataLocation.contains("/consumers/v2.0/") && microsoft.issuer.contains("9188040d-6c67-4c5b-b112-36a304b66dad"))
        #expect(Provider.named("yahoo") == nil)
        for provider in Provider.known {
            #expect(URL(string: provider.metadataLocation)?.scheme == "https")
            #expect(provider.calDAV.map { URL(string: $0)?.scheme == "https" } ?? true)
        }
    }
}
