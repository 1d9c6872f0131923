import Basics
import Foundation
import Mailboxes
import TestSupport
import Testing

/// The mail cache is the running user's alone: never under `/tmp`, its folders made 0700, and
/// one another user made first (or a link in its place) is not used.
@Suite("The mail cache's folders")
struct PrivateCacheTests {
    @Test("with neither XDG_CACHE_HOME nor HOME set, the cache is under the user's home from the system's records, never /tmp")
    func noHome() throws {
        let folder = MailCache.cacheFolder(environment: [:])
        #expect(!folder.hasPrefix("/tmp"), "\(folder)")
        let home = try #require(getpwuid(geteuid())).pointee.pw_dir.map { String(cString: $0) }
        #expect(folder == (home ?? "/nonexistent") + "/.cache/reservation-feed")
        #expect(MailCache.cacheFolder(environment: ["HOME": "/home/ada"]) == "/home/ada/.cache/reservation-feed")
        #expect(MailCache.cacheFolder(environment: ["XDG_CACHE_HOME": "/var/cache/x", "HOME": "/home/ada"]) == "/var/cache/x/reservation-feed")
        // A relative XDG_CACHE_HOME is ignored, as the specification asks.
        #expect(MailCache.cacheFolder(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/ada"]) == "/home/ada/.cache/reservation-feed")
    }

    @Test("folders from the cache's root down are made 0700; one that is a link, another user's, or writable by others is refused with the reason")
    func ownership() throws {
        let folder = try TemporaryFolder("private-cache")
        let root = folder.path("cache/reservation-feed")
        try PrivateFolder.make(root + "/mail/imap/one", base: root)
        for path in [root, root + "/mail", root + "/mail/imap", root + "/mail/imap/one"] {
            #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o700, "\(path)")
        }

        try #require(chmod(root + "/mail/imap", 0o777) == 0)
        #expect {
            try PrivateFolder.make(root + "/mail/imap/one", base: root)
        } throws: { "\($0)".contains("the folder \(root)/mail/imap can be changed by others (mode 777)") }
        try #require(chmod(root + "/mail/imap", 0o700) == 0)

        try FileManager.default.createDirectory(atPath: folder.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: folder.path("elsewhere"))
        #expect {
            try PrivateFolder.make(root + "/link/x", base: root)
        } throws: { "\($0)".contains("\(root)/link is not a folder (a symbolic link is not followed there)") }

        guard geteuid() == 0 else {
            Issue.record("not run as root: a folder of another user's could not be made here, so that was not tried")
            return
        }
        try FileManager.default.createDirectory(atPath: root + "/theirs", withIntermediateDirectories: true)
        try #require(chown(root + "/theirs", 65534, 65534) == 0)
        #expect {
            try PrivateFolder.make(root + "/theirs/x", base: root)
        } throws: { "\($0)".contains("the folder \(root)/theirs belongs to another user (uid 65534)") }
    }
}
