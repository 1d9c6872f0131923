import Chrono
import Diagnostics
import ICalendar
import Reservations
import ZoneNames

/// Reads the calendar files people are sent (`.ics`: Lufthansa's and Deutsche Bahn's trips,
/// Meetup's and Eventbrite's invitations), given as inputs or attached to e-mails, each VEVENT as
/// a booked event.
///
/// An event keeps its summary as its title, its start and end in the zones it names, its
/// location, and its description in the notes. Zones Outlook and Exchange name by Windows names
/// (`W. Europe Standard Time`) or display names (`(UTC+01:00) Amsterdam, Berlin, …`) become
/// the IANA zones they stand for (`ZoneNameResolver`), checked against the file's own
/// VTIMEZONE over the event's dates; a TZID nothing places keeps the offset its VTIMEZONE gives.
///
/// Its UID is its identity (the reservation's item reference), so the same invitation sent
/// again with a new time updates the event, and `METHOD:CANCEL` or `STATUS:CANCELLED` cancels
/// it; of two versions, the later `LAST-MODIFIED` (or `DTSTAMP`) wins.
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
        var said: Set<String> = []
        for (index, event) in invitation.events.enumerated() {
            let place = origin.appending(path: "VEVENT[\(index)]")
            let zoned = Self.zoned(event, at: place, said: &said, diagnostics: &result.diagnostics)
            result.reservations.append(ImportedReservation(reservation: reservation(zoned, method: invitation.method), origin: place))
        }
        if invitation.eventsWithUnreadZones > 0 {
            result.diagnostics.append(
                Diagnostic(
                    .warning, .limit, at: origin,
                    "the zones of \(invitation.eventsWithUnreadZones) of its events were taken by their names alone, not checked against the file's own VTIMEZONEs: their dates are outside 1900–2200, or the file spans more ranges of years than are read for one file (64)"
                ))
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
            endTime: event.end.flatMap { Self.end($0, inZoneOf: event.start) }, description: event.description.map(bounded))
        return Reservation(
            details: .ticketedEvent(details), itemReference: event.uid, status: status,
            modifiedTime: event.modified.map { .dateTime($0.localDateTime(at: .zero), timeZone: nil, utcOffset: .zero) }, url: event.url)
    }

    /// The event with its times in the IANA zones its other TZIDs stand for, and what was
    /// noticed, once a file for each name (recorded in `said`): a VTIMEZONE that keeps other
    /// clocks than its name's zone, a zone guessed or not known.
    static func zoned(
        _ event: ICalendarInvitation.Event, at place: Origin, said: inout Set<String>,
        diagnostics: inout [Diagnostic]
    ) -> ICalendarInvitation.Event {
        guard event.startZoneName != nil || event.endZoneName != nil else { return event }
        // The event's dates, from the start of its first day to the end of its last.
        let first = event.start
        let last = event.end ?? event.start
        let from = dayBoundary(of: first, next: false)
        let to = dayBoundary(of: last, next: true)
        var zoned = event
        for field in ["DTSTART", "DTEND"] {
            let isStart = field == "DTSTART"
            guard let name = isStart ? event.startZoneName : event.endZoneName, case .dateTime(let local, _, let offset)? = isStart ? event.start : event.end
            else { continue }
            let declared = event.declaredZones.first { $0.name == name }
            guard let resolution = ZoneNameResolver.resolve(name, declared: declared, from: from, to: to) else {
                if said.insert(name).inserted {
                    let outcome: DiagnosticMessage =
                        declared == nil
                        ? "the file does not define it, so its times are read as floating (the calendar's own zone)"
                        : "no zone keeps the clocks the file defines for it, so its times are written in UTC, at the offsets the file gives"
                    diagnostics.append(
                        Diagnostic(
                            .warning, .zoneNameUnknown, at: place,
                            "the zone “\(name)” is not an IANA zone, a Windows zone or a display name the tool can place; " + outcome))
                }
                continue
            }
            let zone = resolution.zone
            let time: DateTimeValue
            if let offset {
                // The file's rules give the instant; the zone its wall time.
                let instant = local.instant(at: offset)
                let kept = TimeZoneRules.offset(in: zone, at: instant) ?? offset
                time = .dateTime(instant.localDateTime(at: kept), timeZone: zone, utcOffset: kept)
            } else {
                time = .dateTime(local, timeZone: zone, utcOffset: TimeZoneRules.reading(of: local, in: zone)?.offset)
            }
            if isStart { zoned.start = time } else { zoned.end = time }
            if let disagreement = resolution.disagreement {
                // Once a file: the cause is the file's definition, whatever event shows it.
                guard said.insert("rules of \(name)").inserted else { continue }
                let kept = disagreement.zone.map { "UTC\($0)" } ?? "no known time"
                diagnostics.append(
                    Diagnostic(
                        .warning, .zoneRulesDiffer, at: place,
                        "the file defines the zone “\(name)” as UTC\(disagreement.declared) at \(disagreement.instant), where \(zone), which the name stands for, keeps \(kept); the file's instants are kept, written in \(zone) (this event's \(field) \(local) there is \(time.localDateTime.map { "\($0)" } ?? "") in \(zone))"
                    ))
            } else if resolution.isGuess, said.insert(name).inserted {
                diagnostics.append(
                    Diagnostic(
                        .warning, .zoneNameGuessed, at: place,
                        "the zone “\(name)” is not a name the tool knows; took \(zone), which keeps the clocks the file defines for it through the years about the event"
                    ))
            }
        }
        return zoned
    }

    /// Midnight at the start of a time's day (or of the next day), at its offset (UTC without one).
    private static func dayBoundary(of time: DateTimeValue, next: Bool) -> Instant {
        let (date, offset): (LocalDate, UTCOffset?) =
            switch time {
            case .date(let date): (date, nil)
            case .dateTime(let local, _, let offset): (local.date, offset)
            }
        return LocalDateTime(date: next ? date.adding(days: 1) : date, time: .midnight).instant(at: offset ?? .zero)
    }

    /// An end in another zone than the start (a flight's DTEND at its destination) as the same
    /// instant on the start's clock: an event has one place, the start's, and an end read there
    /// must not move. The TZIDs of a calendar file are the sender's word on the instants.
    ///
    /// A whole-day event's DTEND is the day after its last (RFC 5545 3.6.1), while a reservation's
    /// end date is its last day: `DTEND;VALUE=DATE:20300619` after a start on the 16th ends on the
    /// 18th; a one-day event has no end date.
    static func end(_ end: DateTimeValue, inZoneOf start: DateTimeValue) -> DateTimeValue? {
        if case .date(let last) = end, case .date(let first) = start {
            let day = last.adding(days: -1)
            return day > first ? .date(day) : nil
        }
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
