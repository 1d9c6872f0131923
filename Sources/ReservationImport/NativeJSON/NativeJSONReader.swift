import Basics
import Chrono
import Diagnostics
import Geography
import JSONParsing
import Parallel
import Reservations

/// Reads ReservationFeed's native JSON (see `docs/native-json.md`).
///
/// A file holds `{"reservations": [...]}`, a bare array of reservations, or one reservation
/// object. Each reservation is read on its own: one that is malformed or lacks what its category
/// requires is reported with its JSON path and line, and the others are still read. Fields this
/// version does not know are ignored.
public struct NativeJSONReader: Sendable {
    /// How deep and how long what is read may be.
    public var limits: ImportLimits

    /// Creates a reader.
    public init(limits: ImportLimits = ImportLimits()) {
        self.limits = limits
    }

    /// Reads one input's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The content, UTF-8 JSON.
    ///   - source: What it was read from (a file, a message, a donation), which every origin names.
    /// - Returns: The reservations that could be read and a diagnostic for each one that could not.
    public func read(_ bytes: [UInt8], source: Origin.Source) -> ImportResult {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, maximumDepth: limits.jsonDepth, maximumStringLength: limits.fieldLength)
        } catch {
            let position = TextPosition(offset: error.offset, in: bytes)
            return ImportResult(diagnostics: [
                Diagnostic(.error, .syntax, at: Origin(source, position: position), "not valid JSON: \(error.explanation)")
            ])
        }
        let context = Context(bytes: bytes, source: source, root: root)

        switch root.value {
        case .array(let elements):
            return context.readReservations(elements, under: [])
        case .object where root.member("reservations") != nil:
            let list = root.member("reservations")!
            guard case .array(let elements) = list.value else {
                return ImportResult(diagnostics: [
                    context.diagnostic(
                        at: [JSONNameKey("reservations")], "expected an array of reservations, found \(list.value.summary)")
                ])
            }
            return context.readReservations(elements, under: [JSONNameKey("reservations")])
        case .object where root.member("type") != nil:
            return context.readReservation(root, at: [])
        default:
            return ImportResult(diagnostics: [
                context.diagnostic(
                    at: [],
                    "expected an object with a \"reservations\" array, an array of reservations, or one reservation with a \"type\"; found \(root.value.summary)"
                )
            ])
        }
    }

    /// Reads a native JSON file without holding all of it in memory, as the JSON-LD reader reads a
    /// large array: the reservations' elements (of `{"reservations": [...]}`, or of a bare array)
    /// are found without being parsed, through a mapping undone afterwards, then read from the
    /// file a batch at a time, each batch's elements on `concurrency` threads. A file of 100 MB,
    /// its tree and its reservations are never in memory together.
    ///
    /// What it gives is what ``read(_:source:)`` gives for the file's bytes, diagnostics and
    /// their lines included. `nil` when the file is anything else (one reservation, another
    /// shape), has a syntax error, or changed while it was read: ``read(_:source:)`` then reads
    /// it whole, and says what is wrong exactly as it would.
    package func read(file: RandomAccessFile, source: Origin.Source, concurrency: Int) -> ImportResult? {
        let found = file.withMappedBytes { bytes, _ -> (elements: [Range<Int>], path: [any CodingKey], depth: Int)? in
            if let scan = JSONParser.scanArray(bytes) { return scan.error == nil ? (scan.elements, [], 1) : nil }
            return JSONParser.scanMemberArray(bytes, member: "reservations", maximumDepth: limits.jsonDepth).map {
                ($0, [JSONNameKey("reservations")], 2)
            }
        }
        guard let (elements, basePath, depth) = found ?? nil else { return nil }
        // Dates written other than in ISO 8601 are read with the evidence of the whole document,
        // which is then read again, once.
        let dates = DocumentDates(text: { [String(decoding: file.bytes(in: 0..<file.count) ?? [], as: UTF8.self)] })
        var result = ImportResult()
        result.reservations.reserveCapacity(elements.count)
        // Where the part of the file not yet read starts, and its line and column.
        var readTo = 0
        var position = TextPosition(line: 1, column: 1)
        for indices in Parallel.batches(of: elements.count, size: 2048) {
            let end = elements[indices.upperBound - 1].upperBound
            guard let bytes = file.bytes(in: readTo..<end) else { return nil }
            var locator = TextPositionLocator(bytes: bytes, from: 0, at: position)
            let batch = indices.map { index in
                let range = (elements[index].lowerBound - readTo)..<(elements[index].upperBound - readTo)
                return (index: index, range: range, position: locator.position(of: range.lowerBound))
            }
            let (source, limits) = (source, limits)
            let read = Parallel.map(batch, concurrency: concurrency) { element -> ImportResult? in
                guard
                    let node = try? JSONParser.parseElement(
                        element.range, in: bytes, depth: depth, maximumDepth: limits.jsonDepth, maximumStringLength: limits.fieldLength)
                else { return nil }
                let path = basePath + [JSONIndexKey(element.index)]
                let context = Context(
                    source: source, root: node, rootPath: path,
                    locator: TextPositionLocator(bytes: bytes, from: element.range.lowerBound, at: element.position), dates: dates)
                return context.readReservation(node, at: path)
            }
            for element in read {
                guard let element else { return nil }
                result.append(element)
            }
            position = locator.position(of: end - readTo)
            readTo = end
        }
        return result
    }

    /// One file (or one element of it) being read: its name, its parsed tree, a locator for line
    /// numbers, and how its dates are written.
    private final class Context {
        let source: Origin.Source
        let root: JSONNode
        /// Where `root` is in the document: nothing for the whole document, or the path of the
        /// element read on its own.
        let rootPath: [any CodingKey]
        private var locator: TextPositionLocator
        let dates: DocumentDates

        init(bytes: [UInt8], source: Origin.Source, root: JSONNode) {
            self.source = source
            self.root = root
            rootPath = []
            self.locator = TextPositionLocator(bytes: bytes)
            dates = DocumentDates(bytes: bytes)
        }

        init(source: Origin.Source, root: JSONNode, rootPath: [any CodingKey], locator: TextPositionLocator, dates: DocumentDates) {
            self.source = source
            self.root = root
            self.rootPath = rootPath
            self.locator = locator
            self.dates = dates
        }

        func readReservations(_ elements: [JSONNode], under path: [any CodingKey]) -> ImportResult {
            var result = ImportResult()
            for (index, element) in elements.enumerated() {
                result.append(readReservation(element, at: path + [JSONIndexKey(index)]))
            }
            return result
        }

        func readReservation(_ node: JSONNode, at path: [any CodingKey]) -> ImportResult {
            let reservation: Reservation
            let reader = DateReader(document: dates, placeCountry: Self.placeCountry(in: node))
            do {
                reservation = try Reservation(from: JSONTreeDecoder(node: node, codingPath: path, userInfo: [.lenientDates: reader]))
            } catch let error as DecodingError {
                return ImportResult(diagnostics: [diagnostic(for: error)])
            } catch {
                return ImportResult(diagnostics: [diagnostic(at: path, "\(error)")])
            }
            let leniencies = reader.readings.withLock { $0 }.map { datePath, reading in
                // The date's field: its path below the reservation's.
                let field = FieldPath(codingPath: Array(datePath.dropFirst(path.count)))
                return Diagnostic(.warning, reading.diagnosticCode, field: field, at: location(of: datePath), "\(reading.description)")
            }
            let origin = location(of: path)
            let positions = fieldPositions(in: node)
            let problems = reservation.requirementProblems
            guard problems.isEmpty else {
                return ImportResult(diagnostics: leniencies + problems.map { problem in
                    var diagnostic = problem
                    diagnostic.text += "; the reservation is skipped"
                    // The place of the field, and the line of what is there of it.
                    diagnostic.origin = location(of: path + (problem.field?.keys.map(JSONNameKey.init) ?? []))
                    return diagnostic
                })
            }
            return ImportResult(
                reservations: [ImportedReservation(reservation: reservation, origin: origin, fieldPositions: positions)],
                diagnostics: leniencies)
        }

        /// The country of the first place in a reservation's object that names one (its
        /// `countryCode`, else its `country`), looked for only when a date's order needs a guess.
        static func placeCountry(in reservation: JSONNode) -> @Sendable () -> String? {
            {
                func strings(_ node: JSONNode, _ key: String) -> [String] {
                    guard case .object(let members) = node.value else { return [] }
                    return members.compactMap { member in
                        if member.key == key, case .string(let text) = member.value.value { text } else { nil }
                    }
                }
                return PlaceCountry.first(
                    from: reservation, codes: { strings($0, "countryCode") }, names: { strings($0, "country") },
                    children: { node in
                        guard case .object(let members) = node.value else { return [] }
                        return members.compactMap { member in
                            if case .string = member.value.value { nil } else { member.value }
                        }
                    })
            }
        }

        /// Reads the dates of one reservation, keeping each lenient reading with its path.
        final class DateReader: LenientDateDecoding {
            let document: DocumentDates
            let placeCountry: @Sendable () -> String?
            let readings = Locked<[(path: [JSONPathKey], reading: LenientDate)]>([])

            init(document: DocumentDates, placeCountry: @escaping @Sendable () -> String?) {
                self.document = document
                self.placeCountry = placeCountry
            }

            func readDate(_ text: String, at codingPath: [any CodingKey]) throws(ISO8601ParseError) -> DateTimeValue {
                let reading = try document.read(text, placeCountry: placeCountry)
                if !reading.isStrict {
                    let path = codingPath.map { JSONPathKey($0) }
                    readings.withLock { $0.append((path, reading)) }
                }
                return reading.value
            }
        }

        /// The positions of the located fields present in a reservation's object.
        func fieldPositions(in reservation: JSONNode) -> [FieldPath: TextPosition] {
            var positions: [FieldPath: TextPosition] = [:]
            for field in ImportedReservation.locatedFields {
                var node: JSONNode? = reservation
                for key in field.keys { node = node?.member(key) }
                if let node { positions[field] = locator.position(of: node.offset) }
            }
            return positions
        }

        func diagnostic(for error: DecodingError) -> Diagnostic {
            switch error {
            case .keyNotFound(let key, let context):
                return diagnostic(at: context.codingPath + [key], context.debugDescription)
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                return diagnostic(at: context.codingPath, context.debugDescription)
            @unknown default:
                return diagnostic(at: [], "\(error)")
            }
        }

        func diagnostic(at path: [any CodingKey], _ message: String) -> Diagnostic {
            Diagnostic(.error, .invalid, at: location(of: path), "\(message)")
        }

        /// The location of a path, with the position of the deepest value on it that exists
        /// (the enclosing object, for a missing member).
        func location(of path: [any CodingKey]) -> Origin {
            var node = root
            for key in path.dropFirst(rootPath.count) {
                if let index = key.intValue, case .array(let elements) = node.value, elements.indices.contains(index) {
                    node = elements[index]
                } else if let member = node.member(key.stringValue) {
                    node = member
                } else {
                    break
                }
            }
            return Origin(source, path: JSONPath.text(path), position: locator.position(of: node.offset))
        }
    }
}
