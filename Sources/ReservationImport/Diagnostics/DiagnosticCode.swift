/// What kind of problem a ``Diagnostic`` reports: a short, stable string that tools match on
/// (`reservation-feed lint --format json` prints it as `code`), and a named constant for each in
/// the code.
///
/// Every code the package gives is listed here, whatever stage finds it, so that the list tools
/// depend on is in one place. Synthesis adds the codes of `EventSynthesis.SynthesisMessage.Code`
/// (`floating-time`, `unknown-airport`, ...), carried over with ``init(rawValue:)``.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The code as tools see it: `syntax`, `duplicate-reservation`.
    public let rawValue: String

    /// A code; prefer the named constants.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    // MARK: - Reading the input

    /// The file is not valid JSON (or JSON-LD).
    public static let syntax = DiagnosticCode(rawValue: "syntax")
    /// A value has the wrong type or shape; what it should be is in the message.
    public static let invalid = DiagnosticCode(rawValue: "invalid")
    /// A reservation lacks what its category needs (a restaurant's start time).
    public static let missingRequired = DiagnosticCode(rawValue: "missing-required")
    /// A file or folder cannot be read.
    public static let unreadable = DiagnosticCode(rawValue: "unreadable")
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
    /// KDE's kitinerary-extractor failed on a document.
    public static let extractor = DiagnosticCode(rawValue: "extractor")
    /// KDE's kitinerary-extractor found no reservation in a document.
    public static let nothingFound = DiagnosticCode(rawValue: "nothing-found")
    /// A document without markup was not read, because there is no extractor.
    public static let noExtractor = DiagnosticCode(rawValue: "no-extractor")

    // MARK: - Building the feed

    /// The same reservation twice in the input; the first is kept.
    public static let duplicateReservation = DiagnosticCode(rawValue: "duplicate-reservation")
    /// Two different reservations share an item reference.
    public static let duplicateItemReference = DiagnosticCode(rawValue: "duplicate-item-reference")
    /// A pending or held reservation, left out of feeds.
    public static let unconfirmed = DiagnosticCode(rawValue: "unconfirmed")
    /// A reservation that already ended, left out of feeds.
    public static let ended = DiagnosticCode(rawValue: "ended")
    /// An event of the previous feed cannot be read or kept.
    public static let previousFeed = DiagnosticCode(rawValue: "previous-feed")
    /// libical cannot write an event.
    public static let iCalendar = DiagnosticCode(rawValue: "icalendar")

    // MARK: - Publishing to a calendar

    /// A CalDAV request failed.
    public static let calDAV = DiagnosticCode(rawValue: "caldav")
    /// The calendar holds one of this package's events a second time.
    public static let repeatedUID = DiagnosticCode(rawValue: "repeated-uid")
    /// The state file describes another calendar, and is not applied.
    public static let stateNotApplied = DiagnosticCode(rawValue: "state-not-applied")
    /// An event's UID is held by an event this package did not publish.
    public static let heldByAnother = DiagnosticCode(rawValue: "held-by-another")
    /// An event was edited in the calendar; the edit is kept.
    public static let editedInCalendar = DiagnosticCode(rawValue: "edited-in-calendar")
}
