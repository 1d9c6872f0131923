import Testing

@testable import Diagnostics

@Suite("Lines and columns")
struct TextPositionTests {
    @Test("positions count characters, not bytes, and lines from 1")
    func positions() {
        let bytes = Array("ab\néé x".utf8)
        #expect(TextPosition(offset: 0, in: bytes) == TextPosition(line: 1, column: 1))
        #expect(TextPosition(offset: 3, in: bytes) == TextPosition(line: 2, column: 1))
        #expect(TextPosition(offset: 8, in: bytes) == TextPosition(line: 2, column: 4))
        var locator = TextPositionLocator(bytes: bytes)
        #expect(locator.position(of: 8) == TextPosition(line: 2, column: 4))
        #expect(locator.position(of: 1) == TextPosition(line: 1, column: 2))
        #expect(locator.position(of: 9) == TextPosition(line: 2, column: 5))
    }

    @Test("a locator answers look-ups in any order, across its checkpoints, the same as counting from the start")
    func locatorAnyOrder() {
        let line = "héllo, wörld\n"
        let bytes = Array(String(repeating: line, count: 2_000).utf8)
        var locator = TextPositionLocator(bytes: bytes)
        for offset in [bytes.count - 1, 5, 20_000, 17, bytes.count, 0, 9_999] {
            #expect(locator.position(of: offset) == TextPosition(offset: offset, in: bytes))
        }
    }

    @Test("positions print as people read them, and order by line, then column")
    func descriptionAndOrder() {
        #expect(TextPosition(line: 14, column: 22).description == "line 14, column 22")
        #expect(TextPosition(line: 2, column: 40) < TextPosition(line: 3, column: 1))
        #expect(TextPosition(line: 3, column: 1) < TextPosition(line: 3, column: 2))
    }
}
