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

    /// Gathers the objects of one input, maps them, and turns what the mapper found into results.
    private struct Collector {
        let file: String
        let sourceTime: Instant?
        var objects: [SchemaObject] = []
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
            objects += MicrodataItems(basePath: basePath, linesAreMeaningful: linesAreMeaningful).objects(in: extraction.items)
        }

        mutating func addJSONLD(
            _ bytes: [UInt8], basePath: String, decodesEntities: Bool, problemPosition: (Int) -> TextPosition?,
            locate: @escaping (Int) -> TextPosition?
        ) {
            var root: JSONNode
            do {
                root = try JSONParser.parse(bytes, lenient: true)
            } catch {
                // JSON escaped as HTML (`&quot;@type&quot;`), as some e-mail generators write it.
                let text = String(decoding: bytes, as: UTF8.self)
                guard decodesEntities, text.contains("&quot;"),
                    let decoded = try? JSONParser.parse(Array(HTMLEntities.decode(text).utf8), lenient: true)
                else {
                    diagnostics.append(
                        Diagnostic(
                            .error, "syntax", at: SourceLocation(file: file, path: basePath, position: problemPosition(error.offset)),
                            "not valid JSON-LD: \(error.message)"))
                    return
                }
                root = decoded
            }
            objects += JSONLDItems(decodesEntities: decodesEntities, basePath: basePath, locate: locate).objects(in: root)
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
            var mapper = SchemaOrgMapper()
            mapper.map(objects)
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
