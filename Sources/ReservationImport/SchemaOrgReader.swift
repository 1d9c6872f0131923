import Chrono
import HTMLMarkup
import MailMessage
import Reservations

/// Reads schema.org reservation markup: JSON-LD files, web pages (JSON-LD script blocks and
/// Microdata) and e-mails (the markup of their HTML parts).
///
/// Real-world markup is messy, and it degrades item by item: one broken script block does not
/// hide the others on the page; trailing commas, missing commas between members and HTML
/// entities inside JSON are tolerated where the intent is clear; an item missing what its category
/// requires is reported with its file and place and skipped.
public struct SchemaOrgReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Reads a JSON-LD document: one object, an array, or a `@graph` (also KDE Itinerary's output).
    public func readJSONLD(_ bytes: [UInt8], file: String, sourceTime: Instant? = nil) -> ImportResult {
        var collector = Collector(file: file, sourceTime: sourceTime)
        var locator = TextPositionLocator(bytes: bytes)
        collector.addJSONLD(bytes, basePath: "", decodesEntities: false, problemPosition: { TextPosition(offset: $0, in: bytes) }) {
            locator.position(of: $0)
        }
        return collector.finish()
    }

    /// Reads a web page's JSON-LD script blocks and Microdata items.
    ///
    /// - Parameter isUTF8: Whether the bytes are UTF-8 whatever the page declares (HTML from an e-mail).
    public func readHTML(_ bytes: [UInt8], file: String, sourceTime: Instant? = nil, isUTF8: Bool = false) -> ImportResult {
        var collector = Collector(file: file, sourceTime: sourceTime)
        collector.addHTML(bytes, basePath: "", isUTF8: isUTF8, linesAreMeaningful: true)
        return collector.finish()
    }

    /// Reads an e-mail: the markup of each HTML part (and JSON-LD attachments), with the message's
    /// Date as the time the information was written.
    public func readMail(_ bytes: [UInt8], file: String) -> ImportResult {
        let message: MailMessage
        do {
            message = try MailMessage(parsing: bytes)
        } catch {
            return ImportResult(diagnostics: [Diagnostic(.error, "invalid", at: SourceLocation(file: file), "\(error)")])
        }
        var result = ImportResult()
        for part in message.parts {
            var collector = Collector(file: file, sourceTime: part.messageDate)
            let basePath = "part[\(part.section)]"
            switch part.contentType {
            case "text/html", "application/xhtml+xml":
                collector.addHTML(part.bytes, basePath: basePath, isUTF8: true, linesAreMeaningful: false)
            case "application/ld+json", "application/json":
                collector.addJSONLD(part.bytes, basePath: basePath, decodesEntities: false, problemPosition: { _ -> TextPosition? in nil }) { _ -> TextPosition? in nil }
            default:
                continue
            }
            result.append(collector.finish())
        }
        return result
    }

    /// Maps the objects of one input as they are read, and turns what the mapper found into results.
    private struct Collector {
        let file: String
        let sourceTime: Instant?
        var mapper = SchemaOrgMapper()
        var diagnostics: [Diagnostic] = []

        init(file: String, sourceTime: Instant?) {
            self.file = file
            self.sourceTime = sourceTime
        }

        mutating func addHTML(_ bytes: [UInt8], basePath: String, isUTF8: Bool, linesAreMeaningful: Bool) {
            let extraction = HTMLMarkup.extract(from: bytes, isUTF8: isUTF8)
            for (index, script) in extraction.scripts.enumerated() {
                let text = Self.unwrapped(script.text)
                let scriptBytes = Array(text.utf8)
                var locator = TextPositionLocator(bytes: scriptBytes)
                // Script positions count from the line the script element is on.
                let shift = { (position: TextPosition) -> TextPosition? in
                    linesAreMeaningful ? TextPosition(line: script.line + position.line - 1, column: position.column) : nil
                }
                addJSONLD(
                    scriptBytes, basePath: JSONPath.join(basePath, "script[\(index + 1)]"), decodesEntities: true,
                    problemPosition: { shift(TextPosition(offset: $0, in: scriptBytes)) }
                ) { shift(locator.position(of: $0)) }
            }
            mapper.map(MicrodataItems(basePath: basePath, linesAreMeaningful: linesAreMeaningful).objects(in: extraction.items))
        }

        mutating func addJSONLD(
            _ bytes: [UInt8], basePath: String, decodesEntities: Bool, problemPosition: (Int) -> TextPosition?,
            locate: (Int) -> TextPosition?
        ) {
            let items = JSONLDItems(decodesEntities: decodesEntities, basePath: basePath)
            let mark = mapper.mark
            defer { mapper.locate(since: mark, by: locate) }
            // Each element of a top-level array is mapped as soon as it is parsed, and its tree let go.
            var delivered = 0
            do {
                try JSONParser.parse(bytes, lenient: true) { node, index in
                    delivered += 1
                    mapper.map(items.objects(in: node, index: index))
                }
            } catch {
                // JSON escaped as HTML (`&quot;@type&quot;`), as some e-mail generators write it.
                if delivered == 0, decodesEntities, bytes.count < 1 << 24 {
                    let text = String(decoding: bytes, as: UTF8.self)
                    if text.contains("&quot;"), (try? JSONParser.parse(Array(HTMLEntities.decode(text).utf8), lenient: true, elements: { node, index in
                        mapper.map(items.objects(in: node, index: index))
                    })) != nil {
                        return
                    }
                }
                diagnostics.append(
                    Diagnostic(
                        .error, "syntax", at: SourceLocation(file: file, path: basePath, position: problemPosition(error.offset)),
                        "not valid JSON-LD: \(error.message)" + Self.readBefore(delivered)))
            }
        }

        /// What of an array was read before a syntax error.
        private static func readBefore(_ count: Int) -> String {
            switch count {
            case 0: ""
            case 1: "; the element before it was read"
            default: "; the \(count) elements before it were read"
            }
        }

        /// A script's JSON without the HTML comment or CDATA wrapper pages put around it.
        private static func unwrapped(_ text: String) -> String {
            var text = text.trimmingWhitespace()
            for (open, close) in [("<!--", "-->"), ("//<![CDATA[", "//]]>"), ("<![CDATA[", "]]>")]
            where text.hasPrefix(open) && text.hasSuffix(close) {
                text = String(text.dropFirst(open.count).dropLast(close.count)).trimmingWhitespace()
            }
            return text
        }

        func finish() -> ImportResult {
            let found = mapper.findings.map {
                Diagnostic($0.severity, $0.code, at: SourceLocation(file: file, path: $0.place.path, position: $0.place.position), $0.message)
            }
            let reservations = mapper.mapped.map {
                ImportedReservation(
                    reservation: $0.reservation, origin: SourceLocation(file: file, path: $0.place.path, position: $0.place.position),
                    sourceTime: sourceTime)
            }
            return ImportResult(reservations: reservations, diagnostics: diagnostics + found)
        }
    }
}
