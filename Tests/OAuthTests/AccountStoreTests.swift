import Foundation
import TestSupport
import Testing

@testable import OAuth

@Suite("The kept sign-ins")
struct AccountStoreTests {
    @Test("an account's file is named by the account in lower case, every character that could lead elsewhere escaped")
    func fileNames() {
        #expect(AccountStore.fileName("Ada@Gmail.com") == "ada@gmail.com")
        #expect(AccountStore.fileName("../../etc/passwd") == "%2E.%2F..%2Fetc%2Fpasswd")
        #expect(AccountStore.fileName(".hidden") == "%2Ehidden")
        #expect(AccountStore.fileName("") == "%00")
        #expect(AccountStore.fileName("ada lovelace") == "ada%20lovelace")
        let store = AccountStore(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/ada"])
        #expect(store.file(for: "Ada@Gmail.com").path == "/state/reservation-feed/accounts/ada@gmail.com.json")
        #expect(AccountStore(environment: ["HOME": "/home/ada"]).folder == "/home/ada/.local/state/reservation-feed/accounts")
        #expect(AccountStore(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/ada"]).folder == "/home/ada/.local/state/reservation-feed/accounts")
    }

    @Test("grants are kept with their provider and client, listed in order, and one that cannot be read is listed as such")
    func keepAndList() throws {
        let folder = try TemporaryFolder("accounts")
        let store = AccountStore(base: folder.path("reservation-feed"))
        let google = GrantFile.Grant(
            issuer: "https://accounts.google.com", clientID: "1.apps.googleusercontent.com", account: "ada@gmail.com",
            scopes: ["https://mail.google.com/"], refreshToken: BearerToken("1//r"), provider: "google", clientSecret: BearerToken("GOCSPX-s"),
            clientFile: "/home/ada/client_secret_1.json")
        try store.save(google)
        #expect(try store.grant(for: "ADA@gmail.com") == google)
        #expect(throws: OAuthError.notSignedIn(account: "bob@gmail.com")) { try store.grant(for: "bob@gmail.com") }
        _ = try folder.write("reservation-feed/accounts/broken.json", "{}")
        let all = try store.all()
        #expect(all.map { ($0.file.path as NSString).lastPathComponent } == ["ada@gmail.com.json", "broken.json"])
        #expect(try all[0].grant.get() == google)
        #expect(throws: OAuthError.self) { try all[1].grant.get() }
    }

    @Test("a grant file that is a symbolic link is not followed")
    func symbolicLink() throws {
        let folder = try TemporaryFolder("accounts")
        let store = AccountStore(base: folder.path("reservation-feed"))
        try store.save(GrantFile.Grant(issuer: "https://i", clientID: "c", account: "ada", scopes: [], refreshToken: BearerToken("r")))
        try FileManager.default.moveItem(atPath: store.file(for: "ada").path, toPath: folder.path("elsewhere.json"))
        try FileManager.default.createSymbolicLink(atPath: store.file(for: "ada").path, withDestinationPath: folder.path("elsewhere.json"))
        #expect(throws: OAuthError.grantFile(path: store.file(for: "ada").path, reason: "is a symbolic link (not followed)")) { try store.file(for: "ada").load() }
    }

    @Test("grants are read only from folders the user alone may change, and a sign-in is not begun where it could not be kept")
    func privateFolders() throws {
        let folder = try TemporaryFolder("accounts")
        let store = AccountStore(base: folder.path("reservation-feed"))
        try store.save(GrantFile.Grant(issuer: "https://i", clientID: "c", account: "ada", scopes: [], refreshToken: BearerToken("r")))
        // The folder of grants swapped for a link to somebody else's.
        try FileManager.default.moveItem(atPath: store.folder, toPath: folder.path("planted"))
        try FileManager.default.createSymbolicLink(atPath: store.folder, withDestinationPath: folder.path("planted"))
        let refused = OAuthError.grantFile(
            path: store.folder, reason: "cannot be used: \(store.folder) is not a folder (a symbolic link is not followed there); remove it")
        #expect(throws: refused) { try store.grant(for: "ada") }
        #expect(throws: refused) { try store.all() }
        #expect(throws: refused) { try store.prepare() }
        // A folder others may write to.
        try FileManager.default.removeItem(atPath: store.folder)
        try FileManager.default.moveItem(atPath: folder.path("planted"), toPath: store.folder)
        chmod(store.base, 0o777)
        #expect(throws: OAuthError.self) { try store.grant(for: "ada") }
        chmod(store.base, 0o700)
        #expect(try store.grant(for: "ada").account == "ada")
        // Nothing there yet: not signed in, and prepare makes the folders private.
        let fresh = AccountStore(base: folder.path("fresh/reservation-feed"))
        #expect(throws: OAuthError.notSignedIn(account: "ada")) { try fresh.grant(for: "ada") }
        #expect(try fresh.all().isEmpty)
        try fresh.prepare()
        #expect(try FileManager.default.attributesOfItem(atPath: fresh.folder)[.posixPermissions] as? Int == 0o700)
    }
}
