import Testing
import XMLParsing

@Suite("XML read as it arrives, one child of the root at a time")
struct XMLChildStreamTests {
    /// Reads `text` in chunks of `size` bytes: the children in the order they ended, and how many
    /// were handed over by each push.
    private func read(_ text: String, chunks size: Int, textLimit: Int = 1 << 20, blockSize: Int = 64 << 10) throws -> (
        children: [XMLTree], perPush: [Int], stream: XMLChildStream
    ) {
        let stream = XMLChildStream(textLimit: textLimit, blockSize: blockSize)
        let bytes = Array(text.utf8)
        var children: [XMLTree] = []
        var perPush: [Int] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            let found = try stream.push(Array(bytes[start..<min(bytes.count, start + size)]))
            perPush.append(found.count)
            children += found
        }
        children += try stream.finish()
        return (children, perPush, stream)
    }

    @Test("each response as the whole parser reads it, whatever the chunks the bytes come in and the blocks libxml2 is given, even one byte at a time", arguments: [1, 7, 64, 100_000])
    func sameAsTree(size: Int) throws {
        let tree = try XMLTree.parse(Array(XMLTreeTests.multistatus.utf8))
        for blockSize in [1, 13, 64 << 10] {
            let (children, _, stream) = try read(XMLTreeTests.multistatus, chunks: size, blockSize: blockSize)
            #expect(children == tree.children)
            #expect(stream.root?.name == "multistatus")
            #expect(stream.root?.namespace == "DAV:")
        }
    }

    @Test("the same document reads the same whatever pieces it arrives in: `]]>` in text is refused cut or whole (fuzzing found it taken when cut)", arguments: [1, 5, 64, 4096])
    func sameWhateverPieces(size: Int) throws {
        let text = "<r><a>text ]]> more</a></r>"
        #expect(throws: XMLTree.ParseError.self) { try read(text, chunks: size, blockSize: 8) }
        #expect(throws: XMLTree.ParseError.self) { try read(text, chunks: size) }
    }

    @Test("a child is handed over as soon as the block holding its end is whole, before the rest of the document comes")
    func early() throws {
        let stream = XMLChildStream(blockSize: 1)
        #expect(try stream.push(Array(#"<d:multistatus xmlns:d="DAV:"><d:response><d:href>/a</d:href></d:response><d:resp"#.utf8)).map(\.name) == ["response"])
        #expect(try stream.push(Array(#"onse><d:href>/b</d:href></d:response><d:sync-token>t2</d:sync-token>"#.utf8)).map(\.name) == ["response", "sync-token"])
        #expect(try stream.push(Array("</d:multistatus>".utf8)).isEmpty)
        #expect(try stream.finish().isEmpty)
    }

    @Test("attributes, text beside children, CDATA as text, non-ASCII split across chunks")
    func content() throws {
        let text = #"<r><item kind="a &amp; b" xmlns:x="urn:x" x:n="1">Zürich <b>bold</b><![CDATA[<raw>]]></item></r>"#
        let (children, _, _) = try read(text, chunks: 3)
        let item = try #require(children.first)
        #expect(item.attributes == ["kind": "a & b", "n": "1"])
        #expect(item.text == "Zürich <raw>")
        #expect(item.child("b")?.text == "bold")
    }

    @Test("what is not well-formed fails with libxml2's reason and its line, and the stream reads nothing after it")
    func refused() throws {
        let stream = XMLChildStream(blockSize: 1)
        #expect(throws: XMLTree.ParseError.self) { try stream.push(Array("<a>\n<b></a>".utf8)) }
        #expect(throws: XMLTree.ParseError.self) { try stream.push(Array("<c/>".utf8)) }
        // Cut short: the document never ends.
        let cut = XMLChildStream()
        _ = try cut.push(Array("<a><b>text</b><c>".utf8))
        #expect(throws: XMLTree.ParseError.self) { try cut.finish() }
        // Nothing at all.
        #expect(throws: XMLTree.ParseError.self) { try XMLChildStream().finish() }
    }

    @Test("an element's text past the limit fails the document, saying which element")
    func textLimit() throws {
        let text = "<r><calendar-data>" + String(repeating: "x", count: 5000) + "</calendar-data></r>"
        do {
            _ = try read(text, chunks: 512, textLimit: 4096)
            Issue.record("a text of 5,000 bytes passed a limit of 4,096")
        } catch let error as XMLTree.ParseError {
            #expect(error.description.contains("the text of <calendar-data> is longer than"), "\(error)")
        }
    }

    @Test("entities are not expanded and nothing external is loaded: an external entity, and a billion laughs")
    func entities() throws {
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <d><e>&x;</e></d>
            """
        let children = try? read(external, chunks: 16).children
        #expect(children?.contains { $0.text.contains("root:") } != true)
        var laughs = #"<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l0 "ha">"#
        for level in 1...12 { laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        laughs += "]><l><m>&l12;</m></l>"
        let expanded = try? read(laughs, chunks: 1024).children
        #expect((expanded?.first?.text.utf8.count ?? 0) < 1000)
    }

    @Test("UTF-8 whatever the document declares, the same in any chunks (fuzzing found a declared `utf.8` read whole and refused in pieces)", arguments: [1, 7, 4096])
    func declaredEncoding(size: Int) throws {
        for declared in ["utf.8", "ISO-8859-1", "UTF-16"] {
            let text = "<?xml version=\"1.0\" encoding=\"\(declared)\" ?>\n<r><a>Zürich</a></r>"
            let (children, _, _) = try read(text, chunks: size)
            #expect(children.map(\.text) == ["Zürich"], "\(declared)")
        }
    }

    @Test("elements nested 200,000 deep (once a stack overflow when the tree was freed) fail the document, saying how deep, whole or in pieces; 256 levels still read", arguments: [7, 100_000])
    func deepNesting(size: Int) throws {
        let deep = "<m>" + String(repeating: "<a>", count: 200_000) + String(repeating: "</a>", count: 200_000) + "</m>"
        do {
            _ = try read(deep, chunks: size)
            Issue.record("read")
        } catch let error as XMLTree.ParseError {
            #expect(error.description.contains("elements nested more than 256 deep (line 1)"), "\(error)")
        }
        let deepest = "<m>" + String(repeating: "<a>", count: 255) + "x" + String(repeating: "</a>", count: 255) + "</m>"
        #expect(try read(deepest, chunks: size).children.count == 1)
        // A whole document is held to libxml2's own limit.
        #expect(throws: XMLTree.ParseError.self) { try XMLTree.parse(Array(deep.utf8)) }
    }
}

