import Basics
import Chrono
import Diagnostics
import HTMLMarkup
import JSONParsing
import MailMessage
import Parallel
import Reservations

/// Reads schema.org reservation markup: JSON-LD files, web pages (JSON-LD script blocks and
/// Microdata) and e-mails (the markup of their HTML parts).
///
/// Real-world markup is messy, and it degrades item by item: one broken script block does not
/// hide the others on the page; trailing commas, missing commas between members and HTML
/// entities inside JSON are tolerated where the intent is clear; an item missing what its category
/// requires is reported with its file and place and skipped.
public struct SchemaOrgReader: Sendable {
    /// How many threads read the elements of a large JSON-LD array at once; the result is the
    /// same whatever the number.
    public var concurrency: Int
    /// How large and deep what is read may be.
    public var limits: ImportLimits

    /// Creates a reader.
    public init(concurrency: Int = Parallel.defaultConcurrency, limits: ImportLimits = ImportLimits()) {
        self.concurrency = concurrency
        self.limits = limits
    }

    /// Reads a JSON-LD document: one object, an array, or a `@graph` (also KDE Itinerary's output).
    ///
    /// - Parameters:
    ///   - source: What it was read from, which every origin names.
    ///   - basePath: What paths in messages start with (`kitinerary` for the extractor's answer
    ///     about a document).
    public func readJSONLD(_ bytes: [UInt8], source: Origin.Source, sourceTime: Instant? = nil, basePath: String = "") -> ImportResult {
        var collector = Collector(
            source: source, sourceTime: sourceTime, concurrency: concurrency, limits: limits, dates: DocumentDates(bytes: bytes))
        collector.addJSONLD(bytes, basePath: basePath, decodesEntities: false, shift: { basePath.isEmpty ? $0 : nil })
        var result = collector.finish()
        result.introduceCompanions()
        return result
    }

    /// Reads a JSON-LD file without holding all of it in memory: an array's elements are read
    /// from the file a batch at a time, so a file of 100 MB and its reservations are never in
    /// memory together. What it gives is what ``readJSONLD(_:source:sourceTime:basePath:)`` gives
    /// for the file's bytes.
    package func readJSONLD(file: RandomAccessFile, source: Origin.Source) -> ImportResult {
        // Dates written other than in ISO 8601 are read with the evidence of the whole document,
        // which is then read again, once.
        let dates = DocumentDates(text: { [String(decoding: file.bytes(in: 0..<file.count) ?? [], as: UTF8.self)] })
        var collector = Collector(
            source: source, sourceTime: Instant(secondsSinceEpoch: file.modifiedSeconds), concurrency: concurrency, limits: limits,
            dates: dates)
        collector.addJSONLD(file: file)
        var result = collector.finish()
        result.introduceCompanions()
        return result
    }

    /// Reads a web page's JSON-LD script blocks and Microdata items.
    ///
    /// - Parameters:
    ///   - source: What it was read from, which every origin names.
    ///   - isUTF8: Whether the bytes are UTF-8 whatever the page declares (HTML from an e-mail).
    public func readHTML(_ bytes: [UInt8], source: Origin.Source, sourceTime: Instant? = nil, isUTF8: Bool = false) -> ImportResult {
        var collector = Collector(
            source: source, sourceTime: sourceTime, concurrency: concurrency, limits: limits, dates: DocumentDates(bytes: bytes))
        collector.addHTML(bytes, basePath: "", isUTF8: isUTF8, linesAreMeaningful: true)
        var result = collector.finish()
        result.introduceCompanions()
        return result
    }

    /// Reads an e-mail: the markup of each HTML part (and JSON-LD attachments), with the message's
    /// Date as the time the information was written.
    ///
    /// This reads the format only: it does not ask who sent the message. ``ReservationImporter``
    /// verifies the sender before an e-mail's bookings are used, and is what callers should use
    /// for mail from anyone but themselves.
    ///
    /// - Parameter source: What it was read from, which every origin names.
    public func readMail(_ bytes: [UInt8], source: Origin.Source) -> ImportResult {
        readMailAndCalendars(bytes, source: source).markup
    }

    /// Reads the markup of an e-mail, and hands back its calendar parts and attachments
    /// (`text/calendar`, `application/ics`) for a reader of calendar files, the messages attached
    /// to it (whose bookings answer to their own senders), and the country its sender's domain
    /// names, for what other readers find in it.
    func readMailAndCalendars(
        _ bytes: [UInt8], source: Origin.Source
    ) -> (markup: ImportResult, calendars: [MailPart], attached: [AttachedMessage], senderCountry: String?) {
        let message: MailMessage
        do {
            message = try MailMessage(
                parsing: bytes, maximumParts: limits.mimeParts, maximumDepth: limits.mimeDepth, maximumPartSize: limits.partSize,
                decoding: ["text/html", "application/xhtml+xml", "application/ld+json", "application/json", "text/calendar", "application/ics"])
        } catch {
            return (ImportResult(diagnostics: [Diagnostic(.error, .invalid, at: Origin(source), "\(error)")]), [], [], nil)
        }
        var calendars: [MailPart] = []
        var result = ImportResult()
        // The whole message's text is the evidence for how its dates are written.
        let parts = message.parts
        let dates = DocumentDates(
            text: { parts.map(\.text) }, language: message.language.map { ($0, "the e-mail") }, senderAddress: message.sender)
        for part in message.parts {
            var collector = Collector(source: source, sourceTime: part.messageDate, concurrency: concurrency, limits: limits, dates: dates)
            let basePath = "part[\(part.section)]"
            switch part.contentType {
            case "text/html", "application/xhtml+xml":
                collector.addHTML(part.bytes, basePath: basePath, isUTF8: true, linesAreMeaningful: false)
            case "application/ld+json", "application/json":
                collector.addJSONLD(part.bytes, basePath: basePath, decodesEntities: false, shift: { _ in nil })
            case "text/calendar", "application/ics":
                calendars.append(part)
                continue
            default:
                continue
            }
            result.append(collector.finish())
        }
        result.introduceCompanions()
        return (result, calendars, message.attachedMessages, dates.senderCountry)
    }

    /// Maps the objects of one input as they are read, and turns what the mapper found into results.
    private struct Collector {
        let source: Origin.Source
        let sourceTime: Instant?
        let concurrency: Int
        let limits: ImportLimits
        /// How the document writes its dates.
        let dates: DocumentDates
        /// What was found: reservations, and the findings about the markup.
        var found = ImportResult()
        /// Markup that could not be read at all (reported before the findings).
        var diagnostics: [Diagnostic] = []

        init(source: Origin.Source, sourceTime: Instant?, concurrency: Int, limits: ImportLimits, dates: DocumentDates) {
            self.source = source
            self.sourceTime = sourceTime
            self.concurrency = concurrency
            self.limits = limits
            self.dates = dates
        }

        /// Elements of an array read at once.
        static let batchSize = 2048

        mutating func addHTML(_ bytes: [UInt8], basePath: String, isUTF8: Bool, linesAreMeaningful: Bool) {
            let extraction = HTMLMarkup.extract(
                from: bytes, isUTF8: isUTF8, maximumDepth: limits.htmlDepth, maximumElements: limits.htmlElements,
                maximumValueLength: limits.fieldLength)
            if extraction.elementsLeftOut > 0 {
                diagnostics.append(
                    Diagnostic(
                        .error, .limit, at: Origin(source, path: basePath),
                        "the page has more than \(limits.htmlElements) elements (\(setting: .limit("html-elements"))); the rest was not searched for reservations"))
            }
            if extraction.valuesLeftOut > 0 {
                diagnostics.append(
                    Diagnostic(
                        .warning, .limit, at: Origin(source, path: basePath),
                        "\(extraction.valuesLeftOut) Microdata value\(extraction.valuesLeftOut == 1 ? " is" : "s are") longer than the limit of \(bytes: limits.fieldLength) (\(setting: .limit("field-length"))) and left out"))
            }
            for (index, script) in extraction.scripts.enumerated() {
                let text = Self.unwrapped(script.text)
                // Script positions count from the line the script element is on.
                addJSONLD(
                    Array(text.utf8), basePath: JSONPath.join(basePath, "script[\(index + 1)]"), decodesEntities: true,
                    shift: { linesAreMeaningful ? TextPosition(line: script.line + $0.line - 1, column: $0.column) : nil })
            }
            var builder = SchemaGraphBuilder(microdata: extraction)
            builder.addMicrodata(extraction, basePath: basePath, linesAreMeaningful: linesAreMeaningful)
            var mapper = SchemaOrgMapper(dates: extraction.language.map { dates.with(language: $0, of: "the page") } ?? dates)
            mapper.map(builder.build())
            take(mapper) { _ in nil }  // Microdata places carry their lines already
        }

        /// Takes what a mapper found, its places located.
        private mutating func take(_ mapper: SchemaOrgMapper, locate: (Int) -> TextPosition?) {
            found.append(Self.results(of: mapper, source: source, sourceTime: sourceTime, senderCountry: dates.senderCountry, locate: locate))
        }

        /// What a mapper found, as reservations and diagnostics of the file.
        static func results(
            of mapper: consuming SchemaOrgMapper, source: Origin.Source, sourceTime: Instant?, senderCountry: String?,
            locate: (Int) -> TextPosition?
        ) -> ImportResult {
            mapper.locate(since: (0, 0), by: locate)
            let diagnostics = mapper.findings.map {
                Diagnostic($0.severity, $0.code, field: $0.field, at: Origin(source, path: $0.place.path, position: $0.place.position), "\($0.message)")
            }
            // The reservations are moved out of the mapper, last first: a copy of each would count
            // a reference for every one of its strings.
            var reservations: [ImportedReservation] = []
            reservations.reserveCapacity(mapper.mapped.count)
            while let mapped = mapper.removeLastMapped() {
                reservations.append(
                    ImportedReservation(
                        reservation: mapped.reservation, origin: Origin(source, path: mapped.place.path, position: mapped.place.position),
                        sourceTime: sourceTime, senderCountry: senderCountry))
            }
            reservations.reverse()
            return ImportResult(reservations: reservations, diagnostics: diagnostics)
        }

        /// Reads a JSON-LD text. The elements of a top-level array are parsed and mapped in
        /// batches, several at once, each tree let go as soon as it is mapped.
        ///
        /// - Parameter shift: Turns a position in `bytes` into one in the file (`nil` when lines
        ///   mean nothing there, as in an e-mail part).
        mutating func addJSONLD(
            _ bytes: [UInt8], basePath: String, decodesEntities: Bool, shift: @escaping @Sendable (TextPosition) -> TextPosition?
        ) {
            var delivered = 0
            var failure: (error: JSONSyntaxError, position: TextPosition)?
            if var scan = bytes.withUnsafeBufferPointer({ JSONArrayScan($0, lenient: true) }) {
                // The whole input is in memory: every batch's window is all of it.
                (delivered, failure) = addArray(
                    &scan, count: bytes.count, basePath: basePath, decodesEntities: decodesEntities, shift: shift,
                    scanning: { scan in bytes.withUnsafeBufferPointer { scan.next(Self.batchSize, in: $0) } }, window: { _ in (bytes, 0) })
            } else {
                do {
                    var (root, builder) = try JSONParser.parse(
                        bytes, into: SchemaGraphBuilder(source: bytes, decodesEntities: decodesEntities), maximumDepth: limits.jsonDepth,
                        maximumStringLength: limits.fieldLength, lenient: true)
                    builder.addJSONLDRoot(root, path: basePath)
                    var mapper = SchemaOrgMapper(dates: dates)
                    mapper.map(builder.build())
                    var locator = TextPositionLocator(bytes: bytes)
                    take(mapper) { shift(locator.position(of: $0)) }
                } catch {
                    failure = (error, TextPosition(offset: error.offset, in: bytes))
                }
            }
            guard let failure else { return }
            // JSON escaped as HTML (`&quot;@type&quot;`), as some e-mail generators write it.
            if delivered == 0, decodesEntities, bytes.count < 1 << 24 {
                let text = String(decoding: bytes, as: UTF8.self)
                if text.contains("&quot;"),
                    case let decoded = Array(HTMLEntities.decode(text).utf8),
                    case (let root, var builder)? = try? JSONParser.parse(
                        decoded, into: SchemaGraphBuilder(source: decoded, decodesEntities: true), maximumDepth: limits.jsonDepth,
                        maximumStringLength: limits.fieldLength, lenient: true)
                {
                    builder.addJSONLDRoot(root, path: basePath)
                    var mapper = SchemaOrgMapper(dates: dates)
                    mapper.map(builder.build())
                    take(mapper) { _ in nil }  // offsets in the decoded text mean nothing here
                    return
                }
            }
            report(failure, basePath: basePath, delivered: delivered, shift: shift)
        }

        /// Reads a JSON-LD file too large to hold in memory beside its reservations. It is mapped,
        /// and scanned for its elements through the mapping a batch ahead of the reading, the pages
        /// behind the scan given back as it goes; each batch of elements is read from the file on
        /// its own. A file that is not an array is read whole.
        mutating func addJSONLD(file: RandomAccessFile) {
            let read: (scanned: Int, delivered: Int, failure: (error: JSONSyntaxError, position: TextPosition)?)? = file.withMappedBytes {
                mapped, release in
                guard var scan = JSONArrayScan(mapped, lenient: true) else { return nil }
                let (delivered, failure) = addArray(
                    &scan, count: file.count, basePath: "", decodesEntities: false, shift: { $0 },
                    scanning: { scan in
                        let elements = scan.next(Self.batchSize, in: mapped)
                        release(scan.offset)
                        return elements
                    },
                    window: { range in file.bytes(in: range).map { ($0, range.lowerBound) } })
                return (scan.count, delivered, failure)
            }
            guard let read else {
                guard let bytes = file.bytes(in: 0..<file.count) else { return changedWhileRead() }
                return addJSONLD(bytes, basePath: "", decodesEntities: false, shift: { $0 })
            }
            if read.delivered < read.scanned, read.failure == nil { return changedWhileRead() }
            if let failure = read.failure { report(failure, basePath: "", delivered: read.delivered, shift: { $0 }) }
        }

        private mutating func changedWhileRead() {
            diagnostics.append(Diagnostic(.error, .unreadable, at: Origin(source), "the file changed while it was read; read it again"))
        }

        /// Reads the elements of a top-level array in batches, in parallel, taking their results
        /// in order up to the first that cannot be read. Each batch is found while the one before
        /// it is read.
        ///
        /// - Parameters:
        ///   - scan: The scan of the array, begun.
        ///   - count: The size of the input, in bytes.
        ///   - scanning: Finds the next batch of elements, lending `scan` the input.
        ///   - window: Bytes of the input that include a range of it, and where in the input they
        ///     start: the whole input, or only that range read from a file. `nil` when they cannot
        ///     be read, which ends the reading.
        /// - Returns: How many elements were read, and the first syntax error with its position.
        private mutating func addArray(
            _ scan: inout JSONArrayScan, count: Int, basePath: String, decodesEntities: Bool,
            shift: @escaping @Sendable (TextPosition) -> TextPosition?, scanning: (inout JSONArrayScan) -> [Range<Int>],
            window: (Range<Int>) -> (bytes: [UInt8], start: Int)?
        ) -> (delivered: Int, failure: (error: JSONSyntaxError, position: TextPosition)?) {
            var delivered = 0
            let before = found.reservations.count
            // One batch's results, taken in order up to the first element that cannot be read,
            // while the next batch is being read.
            // An element's reading is what was read, or why it could not be (not a `Result`, whose
            // payload a `switch` copies: the reading is moved into `found`).
            typealias Reading = (read: ImportResult?, error: JSONSyntaxError?)
            typealias Pending = (results: Parallel.Batch<Reading>, locator: TextPositionLocator)
            func take(_ pending: Pending) -> (error: JSONSyntaxError, position: TextPosition)? {
                var (results, locator) = pending
                var stop: (error: JSONSyntaxError, position: TextPosition)?
                results.forEach { _, reading in
                    guard stop == nil else { return }
                    var reading = reading
                    if let read = reading.read.take() {
                        found.append(read)
                        delivered += 1
                    } else if let error = reading.error {
                        stop = (error, locator.position(of: error.offset))
                    }
                }
                return stop
            }
            var pending: Pending?
            // Where the part of the input not yet read starts, and its line and column.
            var readTo = 0
            var position = TextPosition(line: 1, column: 1)
            while case let elements = scanning(&scan), !elements.isEmpty {
                reserveRoom(after: before, for: scan, of: count)
                let firstIndex = scan.count - elements.count
                let end = elements[elements.count - 1].upperBound
                guard let (bytes, start) = window(readTo..<end) else {
                    return (delivered, pending.flatMap(take))
                }
                var locator = TextPositionLocator(bytes: bytes, from: readTo - start, at: position)
                let batch = elements.enumerated().map { offset, element in
                    let range = (element.lowerBound - start)..<(element.upperBound - start)
                    return (index: firstIndex + offset, range: range, position: locator.position(of: range.lowerBound))
                }
                let (source, sourceTime, limits, dates) = (source, sourceTime, limits, dates)
                let next = Parallel.Batch(batch, concurrency: concurrency) { element -> Reading in
                    do throws(JSONSyntaxError) {
                        var (value, builder) = try JSONParser.parseElement(
                            element.range, in: bytes, into: SchemaGraphBuilder(source: bytes, decodesEntities: decodesEntities), maximumDepth: limits.jsonDepth,
                            maximumStringLength: limits.fieldLength, lenient: true)
                        builder.addJSONLDRoot(value, path: JSONPath.join(basePath, "[\(element.index)]"))
                        var mapper = SchemaOrgMapper(dates: dates)
                        mapper.map(builder.build())
                        var local = TextPositionLocator(bytes: bytes, from: element.range.lowerBound, at: element.position)
                        let read = Self.results(of: mapper, source: source, sourceTime: sourceTime, senderCountry: dates.senderCountry) {
                            shift(local.position(of: $0))
                        }
                        return (read, nil)
                    } catch {
                        return (nil, error)
                    }
                }
                if let pending, let stop = take(pending) { return (delivered, stop) }
                pending = (next, locator)
                position = locator.position(of: end - start)
                readTo = end
            }
            if let pending, let stop = take(pending) { return (delivered, stop) }
            guard let error = scan.error else { return (delivered, nil) }
            // The error is after the last element: its position, counted on from there.
            guard let (bytes, start) = window(readTo..<min(count, max(readTo, error.offset))) else { return (delivered, nil) }
            var locator = TextPositionLocator(bytes: bytes, from: readTo - start, at: position)
            return (delivered, (error, locator.position(of: error.offset - start)))
        }

        /// Makes room for one reservation per element of an array, the usual case, beside the
        /// `before` reservations found before it, ahead of the reading: an array grown by doubling
        /// holds its old and new storage together for a moment, which for a large input is a good
        /// part of the run's peak memory. Until the scan has found every element, their number is
        /// estimated from the part of the input scanned so far, with a quarter more (room reserved
        /// and never filled is address space, not memory).
        private mutating func reserveRoom(after before: Int, for scan: JSONArrayScan, of count: Int) {
            let elements = scan.isFinished ? scan.count : scan.count * count / max(scan.offset, 1) * 5 / 4 + 1
            if found.reservations.capacity < before + elements { found.reservations.reserveCapacity(before + elements) }
        }

        /// Reports a syntax error, and how much was read before it.
        private mutating func report(
            _ failure: (error: JSONSyntaxError, position: TextPosition), basePath: String, delivered: Int,
            shift: (TextPosition) -> TextPosition?
        ) {
            diagnostics.append(
                Diagnostic(
                    .error, .syntax, at: Origin(source, path: basePath, position: shift(failure.position)),
                    "not valid JSON-LD: \(failure.error.explanation)\(Self.readBefore(delivered))"))
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
            ImportResult(reservations: found.reservations, diagnostics: diagnostics + found.diagnostics)
        }
    }
}
