import Basics
import Chrono
import ReservationImport

/// KDE's extractor wherever it is installed (``DocumentExtractor/installed(timeout:outputLimit:)``):
/// looked for once per program, the first time a document needs it, so that a run of markup
/// alone pays nothing for it. Documents go to ``ExtractorHelper`` (KDE's library kept running)
/// where it was built beside this program, else to `kitinerary-extractor` one by one; the
/// answers are the same. `$KITINERARY_EXTRACTOR`, which names the program to run, is obeyed to
/// the letter: that program, once per document.
struct InstalledExtractor: DocumentExtraction {
    /// How long one document may take, in seconds.
    var timeout: Int
    /// The longest answer read, in bytes.
    var outputLimit: Int
    /// Where a person at a terminal sees how many documents it has read, if anywhere.
    var progress: TerminalProgress?

    /// The installed extractor, held to these limits.
    init(timeout: Int, outputLimit: Int) {
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// What was found, once looked for: `kitinerary-extractor`'s path (`nil` inside when there is
    /// none) and the helper's, when it is to be used.
    private static let found = Locked<(extractor: String?, helper: String?)?>(nil)

    private var programs: (extractor: String?, helper: String?) {
        Self.found.withLock { found in
            if let found { return found }
            let extractor = DocumentExtractor.installed()?.executable
            let programs = (extractor, extractor == nil || DocumentExtractor.named != nil ? nil : ExtractorHelper.besideProgram())
            found = programs
            return programs
        }
    }

    var signature: String? { programs.extractor.map(ExtractionMemo.signature(of:)) }

    func extract(_ bytes: [UInt8], received: Instant?) throws(ExtractionError) -> [UInt8] {
        let (extractor, helper) = programs
        guard let extractor else { throw ExtractionError("kitinerary-extractor is not installed") }
        defer { progress?.documentRead() }
        if let helper {
            return try ExtractorHelper(executable: helper, signature: signature, timeout: timeout, outputLimit: outputLimit).extract(bytes, received: received)
        }
        return try DocumentExtractor(executable: extractor, timeout: timeout, outputLimit: outputLimit).extract(bytes, received: received)
    }
}
