import CLibXML2

/// Reads an XML document as its bytes arrive, and hands over each child element of the root
/// (each `response` of a WebDAV `multistatus`) as an ``XMLTree`` soon after it ends: the root is
/// never built whole, so that an answer of any length costs the memory of one child at a time
/// and of what the caller keeps of each.
///
/// Read with libxml2's push parser without network access and without expanding entities (no
/// entity is declared to it, so none is ever loaded or expanded), within libxml2's own limit
/// of 10 MB of look-ahead, a limit on how deep elements nest (libxml2's push parser leaves depth
/// to its caller: 200,000 levels once built a tree whose freeing overflowed the stack) and a
/// limit on the text of one element.
///
/// ```swift
/// let stream = XMLChildStream()
/// for chunk in chunks {
///     for response in try stream.push(chunk) { use(response) }
/// }
/// for response in try stream.finish() { use(response) }
/// ```
///
/// libxml2 is given the bytes in blocks of a fixed size, whatever pieces they arrive in, so that
/// the same document always reads the same: libxml2's push parser checks some things only within
/// one chunk (fuzzing found `]]>` in text refused when it came whole and taken when cut in
/// two), and the pieces a network delivers are chance.
///
/// One stream is read by one task at a time: it holds libxml2's parser, which is freed with it.
public final class XMLChildStream {
    /// The root element's local name and namespace, once its start was read.
    public private(set) var root: (name: String, namespace: String?)?

    /// The most bytes of text one element may hold.
    public let textLimit: Int

    /// How deep elements may nest, the root counted as 1: libxml2's own limit for whole documents.
    static let depthLimit = 256

    /// The size of the blocks libxml2 is given.
    public let blockSize: Int

    private let state: State
    private let parser: xmlParserCtxtPtr
    private var finished = false
    /// The bytes of a block not yet whole.
    private var pending: [UInt8] = []

    /// Creates a stream for one document.
    ///
    /// - Parameters:
    ///   - textLimit: The most bytes of text one element may hold (CDATA included); a longer one
    ///     fails the document. libxml2 holds any text to 10 MB by itself.
    ///   - blockSize: The size of the blocks libxml2 is given: a child is handed over once the
    ///     block holding its end is whole (or the document ends).
    public init(textLimit: Int = 16 << 20, blockSize: Int = 64 << 10) {
        self.textLimit = textLimit
        self.blockSize = max(1, blockSize)
        state = State(textLimit: textLimit, depthLimit: Self.depthLimit)
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, namespace, _, _, attributeCount, _, attributes in
            State.of(context).start(context, localName, namespace, attributeCount, attributes)
        }
        handler.endElementNs = { context, _, _, _ in State.of(context).end(context) }
        handler.characters = { context, bytes, count in State.of(context).text(context, bytes, count) }
        handler.cdataBlock = { context, bytes, count in State.of(context).text(context, bytes, count) }
        // libxml2's messages are read from the context when a chunk fails, never printed.
        handler.serror = { _, _ in }
        // UTF-8 whatever the document declares: libxml2's push parser switched to a declared
        // encoding at a point that depended on where the chunks were cut (a fuzzed
        // `encoding="utf.8"` read whole, and failed in pieces of 7 bytes, through iconv).
        // WebDAV answers are UTF-8 in practice; one that is not fails as not well-formed.
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_IGNORE_ENC.rawValue)
        // A push parser is only not made when libxml2 cannot allocate one: a process out of
        // memory, not an answer that can be reported.
        guard let parser = rf_xml_push_parser(&handler, Unmanaged.passUnretained(state).toOpaque(), options) else {
            fatalError("libxml2 could not make a parser")
        }
        self.parser = parser
    }

    deinit {
        rf_xml_free_push_parser(parser)
    }

    /// Reads the next bytes of the document.
    ///
    /// - Returns: The children of the root that ended within the blocks these bytes made whole,
    ///   in order.
    /// - Throws: ``XMLTree/ParseError`` once the document is not well-formed or an element's text
    ///   goes past the limit; the stream reads nothing after that.
    public func push(_ bytes: UnsafeRawBufferPointer) throws(XMLTree.ParseError) -> [XMLTree] {
        if let failure = state.failure { throw failure }
        guard !finished else { throw XMLTree.ParseError(description: "read after the end of the document") }
        var children: [XMLTree] = []
        var offset = 0
        if !pending.isEmpty {
            offset = min(blockSize - pending.count, bytes.count)
            pending += UnsafeRawBufferPointer(rebasing: bytes[0..<offset])
            if pending.count == blockSize {
                children += try parse(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        while bytes.count - offset >= blockSize {
            children += try parse(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + blockSize)]), terminate: false)
            offset += blockSize
        }
        pending += UnsafeRawBufferPointer(rebasing: bytes[offset...])
        return children
    }

    /// Reads the next bytes of the document, as the other `push` does.
    public func push(_ bytes: [UInt8]) throws(XMLTree.ParseError) -> [XMLTree] {
        var result: Result<[XMLTree], XMLTree.ParseError> = .success([])
        bytes.withUnsafeBytes { buffer in
            result = Result { () throws(XMLTree.ParseError) in try push(buffer) }
        }
        return try result.get()
    }

    /// Ends the document.
    ///
    /// - Returns: The children of the root that ended in its last block.
    /// - Throws: ``XMLTree/ParseError`` when the document is not whole (no root element, or one
    ///   not closed).
    public func finish() throws(XMLTree.ParseError) -> [XMLTree] {
        let last = pending
        pending = []
        let children = try parse(last, terminate: true)
        guard root != nil else { throw XMLTree.ParseError(description: "no root element") }
        return children
    }

    private func parse(_ block: [UInt8], terminate: Bool = false) throws(XMLTree.ParseError) -> [XMLTree] {
        var result: Result<[XMLTree], XMLTree.ParseError> = .success([])
        block.withUnsafeBytes { buffer in
            result = Result { () throws(XMLTree.ParseError) in try parse(buffer, terminate: terminate) }
        }
        return try result.get()
    }

    private func parse(_ bytes: UnsafeRawBufferPointer, terminate: Bool) throws(XMLTree.ParseError) -> [XMLTree] {
        if let failure = state.failure { throw failure }
        guard !finished else { throw XMLTree.ParseError(description: "read after the end of the document") }
        finished = terminate
        // A block fits libxml2's int for a chunk's length.
        let status = rf_xml_parse_chunk(parser, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), terminate ? 1 : 0)
        if let failure = state.failure { throw failure }
        if status != 0 || rf_xml_well_formed(parser) == 0 {
            let failure = Self.failure(of: parser)
            state.failure = failure
            throw failure
        }
        root = state.root
        defer { state.completed = [] }
        return state.completed
    }

    private static func failure(of parser: xmlParserCtxtPtr) -> XMLTree.ParseError {
        let error = xmlCtxtGetLastError(UnsafeMutableRawPointer(parser))
        var message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "not well-formed"
        while message.last?.isWhitespace == true { message.removeLast() }
        return XMLTree.ParseError(description: "not well-formed XML: \(message) (line \(error?.pointee.line ?? 0))")
    }

    /// What the callbacks build: the elements open below the root, and the children of the root
    /// that ended and were not handed over yet.
    private final class State {
        /// An element whose end has not been read yet.
        struct Open {
            var element: XMLTree
            var text: [UInt8] = []
        }

        let textLimit: Int
        let depthLimit: Int
        var root: (name: String, namespace: String?)?
        var open: [Open] = []
        var depth = 0
        var completed: [XMLTree] = []
        var failure: XMLTree.ParseError?

        init(textLimit: Int, depthLimit: Int) {
            self.textLimit = textLimit
            self.depthLimit = depthLimit
        }

        static func of(_ context: UnsafeMutableRawPointer?) -> State {
            Unmanaged<State>.fromOpaque(rf_parser_private(context)!).takeUnretainedValue()
        }

        func start(
            _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ namespace: UnsafePointer<xmlChar>?,
            _ attributeCount: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
        ) {
            guard failure == nil else { return }
            depth += 1
            guard depth <= depthLimit else {
                failure = XMLTree.ParseError(description: "elements nested more than \(depthLimit) deep (line \(rf_parser_line(context)))")
                rf_parser_stop(context)
                return
            }
            let name = localName.map { String(cString: $0) } ?? ""
            let namespace = namespace.map { String(cString: $0) }
            guard depth > 1 else {
                root = (name, namespace)
                return
            }
            var element = XMLTree(name: name, namespace: namespace)
            // Five pointers an attribute: local name, prefix, namespace, value's start and end.
            if let attributes {
                for index in 0..<Int(attributeCount) {
                    guard let attributeName = attributes[index * 5], let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4]
                    else { continue }
                    let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                    element.attributes[String(cString: attributeName)] = value.contains("&#") ? Self.characterReferencesReplaced(value) : value
                }
            }
            open.append(Open(element: element))
        }

        /// An attribute's value with its character references (`&#38;`, `&#x3C;`) replaced: without
        /// entity substitution, libxml2 hands them over as written, and writes the predefined
        /// entities (`&amp;`) as such references.
        static func characterReferencesReplaced(_ value: String) -> String {
            var result = ""
            var index = value.startIndex
            while index < value.endIndex {
                let next = value.index(after: index)
                if value[index] == "&", value[next...].hasPrefix("#"), let semicolon = value[next...].firstIndex(of: ";") {
                    let digits = value[value.index(after: next)..<semicolon]
                    let number = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    if let number, let scalar = Unicode.Scalar(number) {
                        result.unicodeScalars.append(scalar)
                        index = value.index(after: semicolon)
                        continue
                    }
                }
                result.append(value[index])
                index = next
            }
            return result
        }

        func end(_ context: UnsafeMutableRawPointer?) {
            guard failure == nil else { return }
            depth -= 1
            guard let last = open.popLast() else { return }
            var element = last.element
            element.text = String(decoding: last.text, as: UTF8.self)
            if open.isEmpty {
                completed.append(element)
            } else {
                open[open.count - 1].element.children.append(element)
            }
        }

        func text(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
            guard let bytes, count > 0, !open.isEmpty, failure == nil else { return }
            guard open[open.count - 1].text.count + Int(count) <= textLimit else {
                failure = XMLTree.ParseError(
                    description: "the text of <\(open[open.count - 1].element.name)> is longer than \(textLimit >> 20) MB (line \(rf_parser_line(context)))")
                rf_parser_stop(context)
                return
            }
            open[open.count - 1].text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
        }
    }
}
