import Diagnostics

/// The codes of synthesis: what it notices about a reservation's times, places and identity
/// while making its event.
extension DiagnosticCode {
    /// A link is not http, https or mailto (`javascript:`, `data:`, `file:`, none at all), and is
    /// left out of the event.
    public static let linkNotKept = DiagnosticCode(rawValue: "link-not-kept")
    /// A UTC offset contradicts the zone of the place.
    public static let offsetZoneConflict = DiagnosticCode(rawValue: "offset-zone-conflict")
    /// A time has no zone and no offset, and nothing else tells the zone (or the place's name is
    /// that of cities in several zones, and nothing tells which).
    public static let floatingTime = DiagnosticCode(rawValue: "floating-time")
    /// The zone was guessed: from the place's country and position, from one of several cities of
    /// the place's name on the evidence the message names, or from most of its region's people.
    public static let zoneGuessed = DiagnosticCode(rawValue: "zone-guessed")
    /// No home was given for trips (``TripOptions/home``): the place the earliest journey departs
    /// from is taken.
    public static let homeAssumed = DiagnosticCode(rawValue: "home-assumed")
    /// The home given for trips is neither an airport code nor a city the gazetteer knows: it is
    /// matched by its name alone.
    public static let homeUnknown = DiagnosticCode(rawValue: "home-unknown")
    /// An airport code is not in the airport table.
    public static let unknownAirport = DiagnosticCode(rawValue: "unknown-airport")
    /// The end is before the start (an arrival before its departure).
    public static let endBeforeStart = DiagnosticCode(rawValue: "end-before-start")
    /// The end is a date without a time while the start has one.
    public static let endWithoutTime = DiagnosticCode(rawValue: "end-without-time")
    /// Neither a reservation number nor an item reference identifies the booking.
    public static let noIdentity = DiagnosticCode(rawValue: "no-identity")
    /// A reminder's time has no zone or offset.
    public static let reminderWithoutZone = DiagnosticCode(rawValue: "reminder-without-zone")
    /// A wall time does not exist in its zone (the clocks skip it when they go forward).
    public static let nonexistentTime = DiagnosticCode(rawValue: "nonexistent-time")
    /// A wall time occurs twice in its zone (the clocks go back) and nothing says which.
    public static let ambiguousTime = DiagnosticCode(rawValue: "ambiguous-time")
    /// A date without a time where the category expects one (a flight's departure).
    public static let dateWithoutTime = DiagnosticCode(rawValue: "date-without-time")
}
