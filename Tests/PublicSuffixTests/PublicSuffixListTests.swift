import Testing

@testable import PublicSuffix

@Suite("The Public Suffix List through libpsl")
struct PublicSuffixListTests {
    let list = PublicSuffixList.shared

    @Test(
        "organizational domains, as DMARC finds them",
        arguments: [
            ("mail.united.com", "united.com"), ("united.com", "united.com"), ("news.email.united.com", "united.com"),
            ("www.example.co.uk", "example.co.uk"), ("booking.bahn.de", "bahn.de"), ("Mail.United.COM.", "united.com"),
            ("ada.github.io", "ada.github.io"), ("a.b.c.kawasaki.jp", "b.c.kawasaki.jp"),
        ])
    func organizational(domain: String, organization: String) {
        #expect(list.organizationalDomain(of: domain) == organization)
    }

    @Test("public suffixes and names that are no host hold no organization", arguments: ["com", "co.uk", "github.io", "localhost", "", ".com", "a..b.com"])
    func noOrganization(domain: String) {
        #expect(list.organizationalDomain(of: domain) == nil)
    }

    @Test("one organization, or two")
    func sameOrganization() {
        #expect(list.sameOrganization("mail.united.com", "united.com"))
        #expect(!list.sameOrganization("united.com", "united.co.uk"))
        #expect(!list.sameOrganization("ada.github.io", "bob.github.io"))
        #expect(list.isPublicSuffix("co.uk"))
        #expect(!list.isPublicSuffix("example.co.uk"))
    }
}

extension PublicSuffixListTests {
    @Test("names under top-level domains the list knows, and names no one can register")
    func namespace() {
        #expect(list.isInPublicNamespace("mx.google.com"))
        #expect(list.isInPublicNamespace("mail.example.co.uk"))
        #expect(!list.isInPublicNamespace("mailuser.nyi.internal"))
        #expect(!list.isInPublicNamespace("nas.local"))
        #expect(!list.isInPublicNamespace("localhost"))
    }
}
