import Chrono

/// What reads documents without schema.org markup (PDF tickets, boarding passes, Wallet passes,
/// confirmation e-mails and pages written for people only) and answers in schema.org JSON-LD,
/// which the importer then reads like any other markup.
///
/// The library runs no program itself: the command line gives ``ReservationImporter/extractor``
/// KDE's `kitinerary-extractor`, run as a child process of its own; a tool of yours may give
/// that, another extractor, or none.
public protocol DocumentExtraction: Sendable {
    /// What names the extractor and its version, kept with its answers (``ExtractionMemo``) so
    /// that a document is given again to another or upgraded one; `nil` when there is no
    /// extractor to run (none installed). Asked the first time a document needs an extractor.
    var signature: String? { get }

    /// The reservations of a document, as schema.org JSON-LD (an empty array when it finds none).
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - received: When it was received (an e-mail's date, a file's time), for documents that
    ///     leave out the year.
    /// - Throws: ``ExtractionError`` when the extractor cannot run, fails, or takes or says
    ///   too much.
    func extract(_ bytes: [UInt8], received: Instant?) throws(ExtractionError) -> [UInt8]
}
