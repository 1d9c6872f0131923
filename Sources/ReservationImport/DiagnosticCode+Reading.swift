import Diagnostics

/// The codes of reading inputs: what the readers and the importer say about files, documents
/// and the values in them.
extension DiagnosticCode {
    /// The file is not valid JSON (or JSON-LD).
    public static let syntax = DiagnosticCode(rawValue: "syntax")
    /// A value has the wrong type or shape; what it should be is in the message.
    public static let invalid = DiagnosticCode(rawValue: "invalid")
    /// A file or folder cannot be read.
    public static let unreadable = DiagnosticCode(rawValue: "unreadable")
    /// An input is what the run itself writes (its feed, its `--split` folder, a secret, its
    /// state), and is not read.
    public static let ownOutput = DiagnosticCode(rawValue: "own-output")
    /// A file is in no format the tool reads.
    public static let unrecognized = DiagnosticCode(rawValue: "unrecognized")
    /// A schema.org type that is not a reservation the tool knows.
    public static let unsupportedType = DiagnosticCode(rawValue: "unsupported-type")
    /// An input went past one of the `--limit`s.
    public static let limit = DiagnosticCode(rawValue: "limit")
    /// A date not in ISO 8601 was read (`25/12/2030`).
    public static let lenientDate = DiagnosticCode(rawValue: "lenient-date")
    /// A date that could be day-first or month-first was read in the order that was guessed.
    public static let dateOrderGuessed = DiagnosticCode(rawValue: "date-order-guessed")
    /// A calendar file's own VTIMEZONE keeps other clocks over an event's dates than the IANA zone
    /// its name stands for (`W. Europe Standard Time`, Europe/Berlin): the file's rules give the
    /// instant, the IANA zone its wall time.
    public static let zoneRulesDiffer = DiagnosticCode(rawValue: "zone-rules-differ")
    /// A calendar file names a zone by no name the tool knows; a zone that keeps the clocks its
    /// VTIMEZONE defines over the event's dates was taken.
    public static let zoneNameGuessed = DiagnosticCode(rawValue: "zone-name-guessed")
    /// A calendar file names a zone by no name the tool knows, and no zone keeps the clocks its
    /// VTIMEZONE defines (or it defines none): the times keep the file's offset, or float.
    public static let zoneNameUnknown = DiagnosticCode(rawValue: "zone-name-unknown")
    /// KDE's kitinerary-extractor failed on a document.
    public static let extractor = DiagnosticCode(rawValue: "extractor")
    /// KDE's kitinerary-extractor found no reservation in a document.
    public static let nothingFound = DiagnosticCode(rawValue: "nothing-found")
    /// An e-mail that carries bookings comes from a sender who is not verified: its bookings make,
    /// change and cancel nothing (or are used all the same, when asked).
    public static let unverifiedSender = DiagnosticCode(rawValue: "unverified-sender")
    /// Verified mail with bookings from an organization that is no known booking sender: once a
    /// run for each, with how many messages, and the option that would believe it. None of its
    /// bookings are used.
    public static let unknownSender = DiagnosticCode(rawValue: "unknown-sender")
    /// A booking made by one organization's verified mail was changed or cancelled by verified
    /// mail from another known booking sender (an airline changing what a travel agency booked);
    /// or a change from any other organization was refused.
    public static let otherSender = DiagnosticCode(rawValue: "other-sender")
    /// Unverified messages carry the verdicts of a server the person does not trust; the message
    /// names it, and how to trust it.
    public static let untrustedServer = DiagnosticCode(rawValue: "untrusted-server")
    /// A document without markup was not read, because there is no extractor.
    public static let noExtractor = DiagnosticCode(rawValue: "no-extractor")
}
