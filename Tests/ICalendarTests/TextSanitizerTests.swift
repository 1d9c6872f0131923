import Testing

@testable import ICalendar

@Suite("Sanitising text")
struct TextSanitizerTests {
    @Test("line breaks of every kind become one newline; tabs stay; other controls go")
    func text() {
        #expect(TextSanitizer.text("a\r\nb\rc\nd\u{2028}e\u{85}f") == "a\nb\nc\nd\ne\nf")
        #expect(TextSanitizer.text("tab\there") == "tab\there")
        #expect(TextSanitizer.text("nul\u{0}bell\u{7}del\u{7F}c1\u{9B}end") == "nulbelldelc1end")
        #expect(TextSanitizer.text("emoji 👩🏽‍🚀 and e\u{301}") == "emoji 👩🏽‍🚀 and e\u{301}")
    }

    @Test("TEXT escaping per RFC 5545 section 3.3.11")
    func escaping() {
        #expect(TextSanitizer.escapedText("Room, A; B\\C\nD") == "Room\\, A\\; B\\\\C\\nD")
    }

    @Test("parameters lose quotes and line breaks; URIs lose controls and encode spaces")
    func parametersAndURIs() {
        #expect(TextSanitizer.parameter("The \"Best\" Place\nUpstairs") == "The 'Best' Place Upstairs")
        #expect(TextSanitizer.uri("https://x.example/a b\u{0}\n?c=d") == "https://x.example/a%20b?c=d")
        #expect(TextSanitizer.uri("https://x.example/\u{A0}") == "https://x.example/%C2%A0")
    }
}
