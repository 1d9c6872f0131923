import Diagnostics

/// The codes of publishing to a CalDAV calendar: what the planner and the publisher say about
/// the calendar's resources.
extension DiagnosticCode {
    /// A CalDAV request failed.
    public static let calDAV = DiagnosticCode(rawValue: "caldav")
    /// The calendar holds one of this package's events a second time.
    static let repeatedUID = DiagnosticCode(rawValue: "repeated-uid")
    /// The state file describes another calendar, and is not applied.
    static let stateNotApplied = DiagnosticCode(rawValue: "state-not-applied")
    /// An event's UID is held by an event this package did not publish.
    static let heldByAnother = DiagnosticCode(rawValue: "held-by-another")
    /// The calendar's listing names a resource outside the calendar; it is left alone.
    static let outsideCalendar = DiagnosticCode(rawValue: "outside-calendar")
    /// An event was edited in the calendar; the edit is kept.
    static let editedInCalendar = DiagnosticCode(rawValue: "edited-in-calendar")
}
