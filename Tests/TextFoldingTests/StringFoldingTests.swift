import TextFolding
import Testing

@Suite("Names compared as people type them")
struct StringFoldingTests {
    @Test(
        "case, accents and full-width forms do not matter",
        arguments: [
            ("Février", "fevrier"), ("ZÜRICH", "zurich"), ("São Paulo", "sao paulo"), ("ＵＳＡ", "usa"), ("Ｆｉｎｌａｎｄ", "finland"),
            ("Miércoles", "miercoles"), ("plain ascii", "plain ascii"), ("MÄRZ", "marz"),
        ])
    func folds(text: String, folded: String) {
        #expect(text.foldedForComparison == folded)
    }

    @Test("letters that are not a letter with a mark stay as they are")
    func keepsOwnLetters() {
        #expect("Straße".foldedForComparison == "straße")
        #expect("Ørsta".foldedForComparison == "ørsta")
        #expect("Łódź".foldedForComparison == "łodz")
    }

    @Test("the same name written composed or decomposed folds the same")
    func normalizationForms() {
        #expect("e\u{301}te\u{301}".foldedForComparison == "\u{E9}t\u{E9}".foldedForComparison)
    }
}
