import Foundation

/// Reads reservations from files and standard input.
///
/// Every input is read, whatever happens to the others: an unreadable or malformed file gives a
/// ``Diagnostic`` naming the file (and the JSON path and line, where there is one), and the rest
/// of the input still comes through.
public struct ReservationImporter: Sendable {
    /// The reader for native JSON.
    public var nativeReader: NativeJSONReader

    /// Creates an importer.
    public init(nativeReader: NativeJSONReader = NativeJSONReader()) {
        self.nativeReader = nativeReader
    }

    /// Reads every input in order.
    public func read(_ sources: [InputSource]) -> ImportResult {
        var result = ImportResult()
        for source in sources {
            result.append(read(source))
        }
        return result
    }

    /// Reads one input.
    public func read(_ source: InputSource) -> ImportResult {
        let bytes: [UInt8]
        do {
            switch source {
            case .file(let path):
                bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            case .standardInput:
                bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            }
        } catch {
            return ImportResult(diagnostics: [
                Diagnostic(.error, "unreadable", at: SourceLocation(file: source.description), "cannot read the file: \(InputDiscovery.reason(error))")
            ])
        }
        return read(bytes, name: source.description)
    }

    /// Reads input already in memory.
    ///
    /// - Parameters:
    ///   - bytes: The content.
    ///   - name: How messages name it.
    public func read(_ bytes: [UInt8], name: String) -> ImportResult {
        nativeReader.read(bytes, file: name)
    }
}
