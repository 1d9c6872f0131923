import Chrono
import Foundation

/// Reads reservations from files and standard input, whatever their format: native JSON,
/// schema.org JSON-LD, web pages (JSON-LD and Microdata) and e-mails, told apart by content.
///
/// Every input is read, whatever happens to the others: an unreadable or malformed file gives a
/// ``Diagnostic`` naming the file (and the JSON path and line, where there is one), and the rest
/// of the input still comes through. The same booking read from several inputs is merged
/// (``ReservationMerger``).
public struct ReservationImporter: Sendable {
    /// The reader for native JSON.
    public var nativeReader: NativeJSONReader
    /// The reader for schema.org markup.
    public var schemaOrgReader: SchemaOrgReader

    /// How large, deep and long inputs may be. Setting them sets the readers' too.
    public var limits: ImportLimits {
        didSet {
            nativeReader.limits = limits
            schemaOrgReader.limits = limits
        }
    }

    /// Creates an importer.
    public init(
        nativeReader: NativeJSONReader = NativeJSONReader(), schemaOrgReader: SchemaOrgReader = SchemaOrgReader(),
        limits: ImportLimits = ImportLimits()
    ) {
        self.nativeReader = nativeReader
        self.schemaOrgReader = schemaOrgReader
        self.limits = limits
        self.nativeReader.limits = limits
        self.schemaOrgReader.limits = limits
    }

    /// Reads every input in order, then merges what describes the same booking.
    public func read(_ sources: [InputSource]) -> ImportResult {
        var result = ImportResult()
        for source in sources {
            result.append(read(source))
        }
        result.reservations = ReservationMerger.merge(result.reservations)
        return result
    }

    /// Reads one input.
    public func read(_ source: InputSource) -> ImportResult {
        let contents: FileContents
        do {
            switch source {
            case .file(let path): contents = try FileContents(path: path, limit: limits.fileSize)
            case .standardInput: contents = try FileContents.standardInput(limit: limits.fileSize)
            }
        } catch {
            return ImportResult(diagnostics: [
                Diagnostic(.error, "unreadable", at: SourceLocation(file: source.description), "cannot read the file: \(error.reason)")
            ])
        }
        return read(contents.bytes, name: source.description, sourceTime: contents.modified)
    }

    /// Reads input already in memory, recognising its format by its content.
    ///
    /// - Parameters:
    ///   - bytes: The content.
    ///   - name: How messages name it.
    ///   - sourceTime: When it was written, if known (a file's modification time).
    public func read(_ bytes: [UInt8], name: String, sourceTime: Instant? = nil) -> ImportResult {
        var result = readAnyFormat(bytes, name: name, sourceTime: sourceTime)
        if result.reservations.count > limits.reservations {
            result.reservations.removeSubrange(limits.reservations...)
            result.diagnostics.append(
                Diagnostic(
                    .error, "limit", at: SourceLocation(file: name),
                    "more than \(limits.reservations) reservations (--limit reservations); the first \(limits.reservations) were read"))
        }
        return result
    }

    private func readAnyFormat(_ bytes: [UInt8], name: String, sourceTime: Instant?) -> ImportResult {
        switch InputFormat.detect(bytes) {
        case .nativeJSON:
            var result = nativeReader.read(bytes, file: name)
            for index in result.reservations.indices { result.reservations[index].sourceTime = sourceTime }
            return result
        case .jsonLD:
            return schemaOrgReader.readJSONLD(bytes, file: name, sourceTime: sourceTime)
        case .html:
            return schemaOrgReader.readHTML(bytes, file: name, sourceTime: sourceTime)
        case .email:
            return schemaOrgReader.readMail(bytes, file: name)
        case nil:
            let what = bytes.isEmpty ? "the file is empty" : "not a format this tool reads (native JSON, JSON-LD, HTML or e-mail)"
            return ImportResult(diagnostics: [Diagnostic(.error, "unrecognized", at: SourceLocation(file: name), what)])
        }
    }
}
