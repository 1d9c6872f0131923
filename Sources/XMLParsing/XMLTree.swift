import CLibXML2

/// An XML element and what it holds, as plain values: what a WebDAV server's answer
/// (`multistatus`) is read into. (Not `XMLElement`, which Foundation has.)
///
/// Read with libxml2 without network access and without expanding entities (so no external
/// entity is ever loaded), within libxml2's default limits on depth and size.
public struct XMLTree: Sendable, Hashable {
    /// The local name (`response`).
    public var name: String
    /// The namespace URI (`DAV:`), or `nil`.
    public var namespace: String?
    /// The attributes, by local name.
    public var attributes: [String: String]
    /// The child elements, in order.
    public var children: [XMLTree]
    /// The text directly inside the element (CDATA included), not that of its children.
    public var text: String

    /// Creates an element.
    public init(name: String, namespace: String? = nil, attributes: [String: String] = [:], children: [XMLTree] = [], text: String = "") {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// Why a document could not be read.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// libxml2's message, with its line.
        public var description: String
    }

    /// Reads a document's root element.
    ///
    /// - Throws: ``ParseError`` when the bytes are not well-formed XML.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> XMLTree {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmlReadMemory($0, Int32(buffer.count), "answer.xml", nil, options) }
            }
        }
        guard let document else {
            let error = xmlGetLastError()
            var message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "empty"
            while message.last?.isWhitespace == true { message.removeLast() }
            throw ParseError(description: "not well-formed XML: \(message) (line \(error?.pointee.line ?? 0))")
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { throw ParseError(description: "no root element") }
        return element(root)
    }

    /// The first child with this local name (and namespace, when given).
    public func child(_ name: String, namespace: String? = nil) -> XMLTree? {
        children.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }
    }

    /// Every child with this local name (and namespace, when given).
    public func children(_ name: String, namespace: String? = nil) -> [XMLTree] {
        children.filter { $0.name == name && (namespace == nil || $0.namespace == namespace) }
    }

    /// Every element below this one with this local name (and namespace), in document order.
    public func descendants(_ name: String, namespace: String? = nil) -> [XMLTree] {
        children.flatMap { child in
            (child.name == name && (namespace == nil || child.namespace == namespace) ? [child] : []) + child.descendants(name, namespace: namespace)
        }
    }

    private static func element(_ node: xmlNodePtr) -> XMLTree {
        var element = XMLTree(name: string(node.pointee.name) ?? "", namespace: node.pointee.ns.flatMap { string($0.pointee.href) })
        var attribute = node.pointee.properties
        while let current = attribute {
            if let name = string(current.pointee.name), let value = xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)) {
                element.attributes[name] = String(cString: value)
                rf_xml_free(value)
            }
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                element.children.append(Self.element(current))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { element.text += String(cString: content) }
            default:
                break
            }
            child = current.pointee.next
        }
        return element
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
