import Chrono
import Diagnostics

// Names of 0.1 that changed when origins and diagnostics moved to their own module, kept for one
// release so that code written against them still builds, with a warning that names the new one.

/// The old name of ``Diagnostics/Origin``, when every origin was a file.
@available(*, deprecated, renamed: "Origin")
public typealias SourceLocation = Origin

extension Origin {
    /// What the origin's source is called in messages: a file's name for a file.
    @available(*, deprecated, message: "use source, which says whether it is a file, a message, a donation or a resource")
    public var file: String { source.description }
}

extension Diagnostic {
    /// The place of the diagnostic; an empty file name for a value built in code.
    @available(*, deprecated, renamed: "origin")
    public var location: Origin { origin ?? Origin(file: "") }
}

extension NativeJSONReader {
    /// Reads a file's bytes.
    @available(*, deprecated, message: "use read(_:source:) with .file(name)")
    public func read(_ bytes: [UInt8], file: String) -> ImportResult {
        read(bytes, source: .file(file))
    }
}

extension SchemaOrgReader {
    /// Reads a JSON-LD file.
    @available(*, deprecated, message: "use readJSONLD(_:source:sourceTime:basePath:) with .file(name)")
    public func readJSONLD(_ bytes: [UInt8], file: String, sourceTime: Instant? = nil, basePath: String = "") -> ImportResult {
        readJSONLD(bytes, source: .file(file), sourceTime: sourceTime, basePath: basePath)
    }

    /// Reads a web page from a file.
    @available(*, deprecated, message: "use readHTML(_:source:sourceTime:isUTF8:) with .file(name)")
    public func readHTML(_ bytes: [UInt8], file: String, sourceTime: Instant? = nil, isUTF8: Bool = false) -> ImportResult {
        readHTML(bytes, source: .file(file), sourceTime: sourceTime, isUTF8: isUTF8)
    }

    /// Reads an e-mail from a file.
    @available(*, deprecated, message: "use readMail(_:source:) with .file(name)")
    public func readMail(_ bytes: [UInt8], file: String) -> ImportResult {
        readMail(bytes, source: .file(file))
    }
}

extension ReservationImporter {
    /// Reads input already in memory, named as a file.
    @available(*, deprecated, message: "use read(_:source:sourceTime:) with .file(name)")
    public func read(_ bytes: [UInt8], name: String, sourceTime: Instant? = nil) -> ImportResult {
        read(bytes, source: .file(name), sourceTime: sourceTime)
    }
}
