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

extension PublicSuffixListTests {
    @Test(
        "internationalized names in A-label form, from either form, in any case",
        arguments: [
            ("bücher.example", "xn--bcher-kva.example"), ("xn--bcher-kva.example", "xn--bcher-kva.example"),
            ("BÜCHER.Example.", "xn--bcher-kva.example"), ("XN--BCHER-KVA.example", "xn--bcher-kva.example"),
            ("münchen.de", "xn--mnchen-3ya.de"), ("faß.de", "xn--fa-hia.de"), ("例子.中国", "xn--fsqu00a.xn--fiqs8s"),
            ("Mail.United.COM", "mail.united.com"), ("s1._domainkey.united.com", "s1._domainkey.united.com"),
        ])
    func aLabels(domain: String, aLabels: String) {
        #expect(DomainName.aLabelForm(of: domain) == aLabels)
    }

    @Test(
        "names that are no domain have no A-label form",
        arguments: ["", ".", "a..b.com", ".com", "foo bar.com", "ada@united.com", "xn--zz.example", String(repeating: "a", count: 64) + ".com"])
    func noALabels(domain: String) {
        #expect(DomainName.aLabelForm(of: domain) == nil)
    }

    @Test("a U-label sender and an A-label signing domain are one organization")
    func internationalOrganizations() {
        #expect(list.organizationalDomain(of: "bücher.example") == list.organizationalDomain(of: "xn--bcher-kva.example"))
        #expect(list.organizationalDomain(of: "www.münchen.de") == "xn--mnchen-3ya.de")
        #expect(list.organizationalDomain(of: "mail.xn--mnchen-3ya.de") == "xn--mnchen-3ya.de")
        #expect(list.sameOrganization("buchung.münchen.de", "xn--mnchen-3ya.de"))
        #expect(!list.sameOrganization("münchen.de", "munchen.de"))
        // A public suffix that is itself internationalized, in either form.
        #expect(list.isPublicSuffix("中国"))
        #expect(list.isPublicSuffix("xn--fiqs8s"))
        #expect(list.organizationalDomain(of: "www.例子.中国") == "xn--fsqu00a.xn--fiqs8s")
        #expect(list.organizationalDomain(of: "中国") == nil)
    }
}
