import Chrono
import EventModel

/// The events of an iCalendar object someone sent: a calendar file an airline, a rail operator
/// or an event site attaches to a confirmation (`METHOD:PUBLISH` or `REQUEST`), or its
/// cancellation (`METHOD:CANCEL`), as ``ICalendarReader/invitation(_:)`` reads it.
public struct ICalendarInvitation: Sendable, Hashable {
    /// `METHOD`, upper case (`PUBLISH`, `REQUEST`, `CANCEL`), when given.
    public var method: String?
    /// The events, in the order of the file.
    public var events: [Event]
    /// Events that could not be read (no UID, no start), for messages.
    public var problems: [String]
    /// How many events name zones the file defines whose definitions were not read (dates
    /// outside 1900–2200, or more spans of years than one file is read for), so that their
    /// ``Event/declaredZones`` lack them: their TZIDs can be taken by name alone, unchecked.
    public var eventsWithUnreadZones = 0

    /// One VEVENT, its times read with the zones it names.
    public struct Event: Sendable, Hashable {
        /// `UID`: the event's identity across updates.
        public var uid: String
        /// `SUMMARY`.
        public var summary: String?
        /// `DESCRIPTION`.
        public var description: String?
        /// `LOCATION`.
        public var location: String?
        /// `GEO`.
        public var geo: GeoCoordinate?
        /// `URL`.
        public var url: String?
        /// `DTSTART`: a date, or a wall time with its IANA zone when the TZID is one, and its UTC
        /// offset (from the file's own VTIMEZONE when the TZID is not an IANA name, as
        /// Outlook's `W. Europe Standard Time` is not).
        public var start: DateTimeValue
        /// `DTEND`, the same way; or `DTSTART` plus `DURATION`.
        public var end: DateTimeValue?
        /// The TZID of `DTSTART` when it is not an IANA name (`W. Europe Standard Time`,
        /// `(UTC+01:00) Amsterdam, Berlin, …`): `start` then has the offset the file's VTIMEZONE
        /// gives it (none without one) but no zone, and `declaredZones` has the VTIMEZONE.
        public var startZoneName: String?
        /// The same for `DTEND`.
        public var endZoneName: String?
        /// What the file's own VTIMEZONEs declare of the zones `startZoneName` and
        /// `endZoneName` name, over the years about the event's dates (none for a zone the file
        /// does not define, or dates outside 1900–2200).
        public var declaredZones: [DeclaredZone] = []
        /// `STATUS`.
        public var status: EventStatus?
        /// `SEQUENCE`.
        public var sequence: Int
        /// `LAST-MODIFIED`, or else `DTSTAMP`: when this version was made.
        public var modified: Instant?
    }

    /// Creates an invitation.
    public init(method: String?, events: [Event], problems: [String] = []) {
        self.method = method
        self.events = events
        self.problems = problems
    }
}
