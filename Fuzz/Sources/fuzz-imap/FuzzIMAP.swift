import FuzzSupport
import Foundation
import IMAP
import Mailboxes

#if canImport(Glibc)
    import Glibc
#endif

// What an IMAP server says to a folder's sync, as libetpan parses it and the sync takes it
// (greeting, capabilities, EXAMINE, the listing, the messages' literals): the bytes are the
// server's side of the connection, then it closes. Whatever they are, the sync ends in an
// outcome or an error, never a crash or a hang, and the cache holds only whole messages.
@main
enum FuzzIMAP {
    static func main() {
        FuzzRun.runDriver(test)
    }

    static let mailbox = try! MailboxURL("imap://fuzz@127.0.0.1/INBOX")

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { fatalError("socketpair failed") }
        // Inputs are at most a few tens of kilobytes: the socket's buffer holds them whole.
        guard write(pair[1], data, size) == size else { fatalError("the recording did not fit the socket's buffer") }
        shutdown(pair[1], Int32(SHUT_WR))
        defer { close(pair[1]) }
        let root = NSTemporaryDirectory() + "fuzz-imap-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = MailCache(root: root)
        let sync = IMAPFolderSync(cache: cache, messageLimit: 4096, timeout: 1)
        if (try? sync.sync(mailbox, password: "secret", over: pair[0])) != nil {
            for entry in cache.entries(of: mailbox) where entry.tooLarge == nil {
                guard let kept = FileManager.default.contents(atPath: entry.path), kept.count <= sync.messageLimit else {
                    fatalError("the cache holds message \(entry.uid) past its limit, or not at all")
                }
            }
        }
        return 0
    }
}
