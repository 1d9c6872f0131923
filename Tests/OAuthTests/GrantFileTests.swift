import Foundation
import TestSupport
import Testing

@testable import OAuth

@Suite("A sign-in kept between runs")
struct GrantFileTests {
    let grant = GrantFile.Grant(
        issuer: "https://accounts.google.com", clientID: "123.apps.googleusercontent.com", account: "ada@gmail.com",
        scopes: ["https://mail.google.com/"], refreshToken: BearerToken("1//refresh-secret"))

    @Test("kept in a 0600 file in private folders, read back whole, replaced whole, removed")
    func roundTrip() throws {
        let folder = try TemporaryFolder("grants")
        let file = GrantFile(path: folder.path("state/reservation-feed/accounts/ada.json"))
        #expect(try file.load() == nil)
        try file.save(grant, base: folder.path("state/reservation-feed"))
        #expect(try file.load() == grant)
        var status = stat()
        stat(file.path, &status)
        #expect(status.st_mode & 0o777 == 0o600)
        stat(folder.path("state/reservation-feed/accounts"), &status)
        #expect(status.st_mode & 0o777 == 0o700)
        var rotated = grant
        rotated.refreshToken = BearerToken("1//rotated")
        try file.save(rotated, base: folder.path("state/reservation-feed"))
        #expect(try file.load()?.refreshToken.value == "1//rotated")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("state/reservation-feed/accounts")) == ["ada.json"])
        try file.remove()
        #expect(try file.load() == nil)
        try file.remove()
    }

    @Test("a file others can read, or that is not a grant, is refused without a word of what it holds")
    func refused() throws {
        let folder = try TemporaryFolder("grants")
        let file = GrantFile(path: folder.path("ada.json"))
        try file.save(grant, base: folder.url.path)
        chmod(file.path, 0o644)
        let exposed = #expect(throws: OAuthError.self) { try file.load() }
        #expect(exposed == .grantFile(path: file.path, reason: "can be read by others (mode 644); chmod 600 it, or sign in again"))
        chmod(file.path, 0o600)
        try Data(#"{"refresh_token": "1//refresh-secret"}"#.utf8).write(to: URL(fileURLWithPath: file.path))
        chmod(file.path, 0o600)
        let broken = #expect(throws: OAuthError.self) { try file.load() }
        #expect(broken.map { "\($0)" }?.contains("secret") == false)
        #expect(broken == .grantFile(path: file.path, reason: "is not a sign-in this program kept (sign in again)"))
    }

    @Test("temporary files a run that died left behind (each with a token) are removed by the next save; one being written is not")
    func leftovers() throws {
        let folder = try TemporaryFolder("grants")
        let file = GrantFile(path: folder.path("accounts/ada.json"))
        try file.save(grant, base: folder.path("accounts"))
        let old = try folder.write("accounts/.ada.json.17.tmp", "{\"refresh_token\": \"1//left\"}")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old)
        _ = try folder.write("accounts/.ada.json.18.tmp", "being written")
        _ = try folder.write("accounts/.bob.json.19.tmp", "another account's")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: folder.path("accounts/.bob.json.19.tmp"))
        try file.save(grant, base: folder.path("accounts"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("accounts")).sorted() == [".ada.json.18.tmp", ".bob.json.19.tmp", "ada.json"])
    }
}
