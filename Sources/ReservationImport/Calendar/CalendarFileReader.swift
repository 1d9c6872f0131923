import Chrono
import Diagnostics
import ICalendar
import Reservations

/// Reads the calendar files people are sent (`.ics`: Lufthansa's and Deutsche Bahn's trips,
/// Meetup's and Eventbrite's invitations), given as inputs or attached to e-mails, each VEVENT as
/// a booked event.
///
/// An event keeps its summary as its title, its start and end in the zones it names (the file's
/// VTIMEZONEs honoured for TZIDs that are not IANA names), its location, and its description in
/// the notes. Its UID is its identity (the reservation's item reference), so the same invitation
/// sent again with a new time updates the event, and `METHOD:CANCEL` or `STATUS:CANCELLED`
/// cancels it; of two versions, the later `LAST-MODIFIED` (or `DTSTAMP`) wins.
public struct CalendarFileReader: Sendable {
    /// How long a text may be.
    public var limits: ImportLimits

    /// Creates a reader.
    public init(limits: ImportLimits = ImportLimits()) {
        self.limits = limits
    }

    /// Reads a calendar file's events.
    ///
    /// - Parameters:
    ///   - bytes: The iCalendar text.
    ///   - source: What it was read from, which every origin names.
    ///   - basePath: Where the calendar is in its source (`part[2]` of an e-mail), if anywhere.
    public func read(_ bytes: [UInt8], source: Origin.Source, basePath: String = "") -> ImportResult {
        let origin = Origin(source, path: basePath)
        let invitation: ICalendarInvitation
        do {
            invitation = try ICalendarReader().invitation(String(decoding: bytes, as: UTF8.self))
        } catch {
            return ImportResult(diagnostics: [Diagnostic(.error, .syntax, at: origin, "the calendar file \(error.reason)")])
        }
        var result = ImportResult()
        for problem in invitation.problems {
            result.diagnostics.append(Diagnostic(.warning, .invalid, at: origin, "\(problem); it was not read"))
        }
        for (index, event) in invitation.events.enumerated() {
            let place = origin.appending(path: "VEVENT[\(index)]")
            result.reservations.append(ImportedReservation(reservation: reservation(event, method: invitation.method), origin: place))
        }
        if invitation.events.isEmpty, invitation.problems.isEmpty {
            result.diagnostics.append(Diagnostic(.warning, .nothingFound, at: origin, "a calendar file without events"))
        }
        return result
    }

    /// The reservation one VEVENT stands for.
    private func reservation(_ event: ICalendarInvitation.Event, method: String?) -> Reservation {
        let status: ReservationStatus =
            switch (method, event.status) {
            case ("CANCEL", _), (_, .cancelled?): .cancelled
            case (_, .tentative?): .pending
            default: .confirmed
            }
        var venue: Place? = nil
        if event.location != nil || event.geo != nil {
            venue = Place(
                name: event.location.map(bounded), coordinates: event.geo.flatMap { Coordinates(latitude: $0.latitude, longitude: $0.longitude) })
        }
        let details = TicketedEvent(
            name: event.summary.map(bounded), kind: .other, venue: venue, startTime: event.start,
            endTime: event.end.map { Self.end($0, inZoneOf: event.start) }, description: event.description.map(bounded))
        return Reservation(
            details: .ticketedEvent(details), itemReference: event.uid, status: status,
            modifiedTime: event.modified.map { .dateTime($0.localDateTime(at: .zero), timeZone: nil, utcOffset: .zero) }, url: event.url)
    }

    /// An end in another zone than the start (a flight's DTEND at its destination) as the same
    /// instant on the start's clock: an event has one place, the start's, and an end read there
    /// must not move. The TZIDs of a calendar file are the sender's word on the instants.
    static func end(_ end: DateTimeValue, inZoneOf start: DateTimeValue) -> DateTimeValue {
        guard case .dateTime(let endLocal, let endZone, let endOffset?) = end, case .dateTime(_, let startZone?, _) = start,
            endZone != startZone
        else { return end }
        let instant = endLocal.instant(at: endOffset)
        guard let offset = TimeZoneRules.offset(in: startZone, at: instant) else { return end }
        return .dateTime(instant.localDateTime(at: offset), timeZone: startZone, utcOffset: offset)
    }

    /// A text cut to `--limit field-length`.
    private func bounded(_ text: String) -> String {
        text.utf8.count <= limits.fieldLength ? text : String(decoding: text.utf8.prefix(limits.fieldLength), as: UTF8.self)
    }
}
