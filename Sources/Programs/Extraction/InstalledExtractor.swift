import Basics
import Chrono
import ReservationImport

/// KDE's `kitinerary-extractor` wherever it is installed (``DocumentExtractor/installed(timeout:outputLimit:)``):
/// looked for once per program, the first time a document needs it, so that a run of markup
/// alone pays nothing for it.
public struct InstalledExtractor: DocumentExtraction {
    /// How long one document may take, in seconds.
    public var timeout: Int
    /// The longest answer read, in bytes.
    public var outputLimit: Int

    /// The installed extractor, held to these limits.
    public init(timeout: Int, outputLimit: Int) {
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// The extractor's path, once looked for; `nil` inside when there is none.
    private static let found = Locked<String??>(nil)

    private var executable: String? {
        Self.found.withLock { found in
            if let found { return found }
            let path = DocumentExtractor.installed()?.executable
            found = .some(path)
            return path
        }
    }

    public var signature: String? { executable.map(ExtractionMemo.signature(of:)) }

    public func extract(_ bytes: [UInt8], received: Instant?) throws(ExtractionFailure) -> [UInt8] {
        guard let executable else { throw ExtractionFailure("kitinerary-extractor is not installed") }
        return try DocumentExtractor(executable: executable, timeout: timeout, outputLimit: outputLimit).extract(bytes, received: received)
    }
}
