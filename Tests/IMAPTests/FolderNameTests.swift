import Testing

@testable import IMAP

/// Folder names between URLs (UTF-8) and IMAP (modified UTF-7, RFC 3501 5.1.3).
@Suite("Folder names in modified UTF-7")
struct FolderNameTests {
    @Test("RFC 3501's rules: printable ASCII as it is, & as &-, the rest as base64 of UTF-16 between & and -", arguments: [
        ("INBOX", "INBOX"), ("Travel/2027", "Travel/2027"), ("Reisen Zürich", "Reisen Z&APw-rich"), ("A & B", "A &- B"),
        ("日本", "&ZeVnLA-"), ("~peter/mail/台北/日本語", "~peter/mail/&U,BTFw-/&ZeVnLIqe-"),
    ])
    func encoded(name: String, imap: String) {
        #expect(FolderName.encoded(name) == imap)
    }
}
