import Testing

@testable import OAuth

@Suite("PKCE (RFC 7636)")
struct PKCETests {
    @Test("the challenge of RFC 7636's example verifier is the RFC's (Appendix B)")
    func example() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.method == "S256")
    }

    @Test("a new verifier is 43 characters RFC 7636 allows, and never the same twice")
    func fresh() {
        let verifiers = (0..<200).map { _ in PKCE().verifier }
        #expect(verifiers.allSatisfy { $0.count == 43 && PKCE.isValidVerifier($0) })
        #expect(Set(verifiers).count == verifiers.count)
        #expect(!PKCE.isValidVerifier("short"))
        #expect(!PKCE.isValidVerifier(String(repeating: "a", count: 42) + "="))
        #expect(PKCE.isValidVerifier(String(repeating: "a.~-_", count: 9)))
    }
}
