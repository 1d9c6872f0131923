import Chrono
import EventModel
import Reservations

/// Turns reservations into calendar events: title, notes, place, start and end in the right
/// zones, status, reminders and a stable UID.
///
/// Synthesis is pure: the same reservation and options give the same event, with no clock,
/// file or C library involved.
///
/// ```swift
/// let synthesizer = EventSynthesizer()
/// let result = synthesizer.synthesize(reservation)
/// if let event = result.event { print(event.summary) }   // "Flight AY 20 · SFO → HEL"
/// ```
public struct EventSynthesizer: Sendable {
    /// The options in force.
    public var options: SynthesisOptions

    /// Creates a synthesizer.
    public init(options: SynthesisOptions = .default) {
        self.options = options
    }

    /// Makes the event for one reservation.
    ///
    /// - Returns: The event and what was noticed; no event, with an error message, when the
    ///   reservation lacks what its category requires (see ``Reservation/requirementProblems``).
    public func synthesize(_ reservation: Reservation) -> SynthesisResult {
        let problems = reservation.requirementProblems
        guard problems.isEmpty, var draft = draft(for: reservation) else {
            return SynthesisResult(
                event: nil, messages: problems.map { SynthesisMessage(.error, field: $0.field, $0.message) })
        }
        var messages: [SynthesisMessage] = []
        addCommonNotes(of: reservation, to: &draft)
        let (start, end) = times(of: draft, messages: &messages)

        var summary = draft.title
        var status: EventStatus?
        var transparency = draft.transparency
        switch reservation.status {
        case .confirmed: status = .confirmed
        case .pending, .hold: status = .tentative
        case .cancelled:
            status = .cancelled
            summary = "Cancelled: \(summary)"
            transparency = .transparent
        case .unknown: status = nil
        }

        let uid: String
        if let key = EventIdentity.key(of: reservation) {
            uid = EventIdentity.uid(forKey: key)
        } else {
            uid = EventIdentity.uid(forKey: "content:\(reservation.category.rawValue)|\(start)|\(draft.title)")
            messages.append(
                SynthesisMessage(
                    .warning, field: "",
                    "no reservation number or item reference; the event cannot be updated in place when the booking changes"))
        }

        let event = CalendarEvent(
            uid: uid, summary: summary, start: start, end: end, notes: draft.notes.text,
            location: draft.place?.locationText, geo: draft.place?.geo, structuredLocation: draft.place?.structuredLocation,
            status: status, transparency: transparency, url: Text.clean(reservation.url),
            alarms: alarms(for: draft, reservation: reservation, messages: &messages), categories: [draft.label])
        return SynthesisResult(event: event, messages: messages)
    }

    // MARK: - Per category

    private func draft(for reservation: Reservation) -> EventDraft? {
        switch reservation.details {
        case .flight(let flight): flightDraft(flight, reservation)
        case .lodging(let stay): lodgingDraft(stay, reservation)
        case .rentalCar(let rental): rentalCarDraft(rental, reservation)
        case .restaurant(let table): restaurantDraft(table, reservation)
        case .ticketedEvent(let event): ticketedEventDraft(event, reservation)
        case .train(let trip): transitDraft(trip, label: "Train", reservation)
        case .bus(let trip): transitDraft(trip, label: "Bus", reservation)
        case .boat(let trip): transitDraft(trip, label: "Boat", reservation)
        }
    }

    private func addCommonNotes(of reservation: Reservation, to draft: inout EventDraft) {
        var common = NoteLines()
        common.add("Reservation number", reservation.reservationNumber)
        common.add("Booked under", reservation.holderName)
        var notes = common
        notes.append(draft.notes)
        if reservation.category != .flight, reservation.category != .train, reservation.category != .bus,
            reservation.category != .boat
        {
            notes.add("Provider", Text.join([reservation.provider?.name, reservation.provider?.phone], separator: " · "))
        }
        notes.add("Booked through", reservation.broker?.name)
        if let checkIn = reservation.checkInAction {
            notes.add(
                "Online check-in",
                Text.join([TimeText.describe(checkIn.validFrom).map { "opens \($0)" }, TimeText.describe(checkIn.validUntil).map { "closes \($0)" }, checkIn.url], separator: ", "))
        }
        notes.add("Booking", reservation.url)
        draft.notes = notes
    }

    // MARK: - Times

    private func times(of draft: EventDraft, messages: inout [SynthesisMessage]) -> (EventTime, EventTime) {
        let resolver = TimeResolver()
        let startValue = draft.start.value
        let start = resolver.resolve(startValue, field: draft.start.field, messages: &messages)

        if let endTime = draft.end {
            switch (startValue, endTime.value) {
            case (.date(let startDate), _):
                // A date-only start makes a whole-day event; its end date is inclusive.
                let endDate = endTime.value.date
                if endDate >= startDate { return (start, .date(endDate.adding(days: 1))) }
                messages.append(
                    SynthesisMessage(.warning, field: endTime.field, "ends (\(endDate)) before it starts (\(startDate)); used the default length"))
            case (.dateTime, .date(let endDate)):
                if case .untilNextDay(let checkOut) = draft.defaultLength, endDate >= startValue.date {
                    // A stay with a check-in time but a check-out date: leave at the usual hour.
                    let end = resolver.resolve(
                        wallTime(LocalDateTime(date: endDate, time: checkOut), like: startValue), field: endTime.field, messages: &messages)
                    if end.instant > start.instant { return (start, end) }
                }
                messages.append(
                    SynthesisMessage(.warning, field: endTime.field, "the end is a date without a time; used the default length"))
            case (.dateTime, .dateTime):
                let end = resolver.resolve(endTime.value, field: endTime.field, messages: &messages)
                if end.instant > start.instant { return (start, end) }
                messages.append(
                    SynthesisMessage(.warning, field: endTime.field, "ends at or before the start; used the default length"))
            }
        }
        return (start, defaultEnd(of: draft, start: start))
    }

    /// The end an event gets when the reservation gives none (or an impossible one).
    private func defaultEnd(of draft: EventDraft, start: EventTime) -> EventTime {
        switch (start, draft.defaultLength) {
        case (.date(let date), .untilNextDay):
            return .date(date.adding(days: 2))  // one night: check-in day and check-out day
        case (.date(let date), .seconds):
            return .date(date.adding(days: 1))
        case (.zoned(let local, let zone), .untilNextDay(let checkOut)):
            return .zoned(LocalDateTime(date: local.date.adding(days: 1), time: checkOut), timeZone: zone)
        case (.utc(let local), .untilNextDay(let checkOut)):
            return .utc(LocalDateTime(date: local.date.adding(days: 1), time: checkOut))
        case (.floating(let local), .untilNextDay(let checkOut)):
            return .floating(LocalDateTime(date: local.date.adding(days: 1), time: checkOut))
        case (.zoned(_, let zone), .seconds(let seconds)):
            // Add real elapsed time, so a dinner across a DST change still lasts two hours.
            let end = start.instant.adding(seconds: seconds)
            return .zoned(TimeZoneRules.localDateTime(of: end, in: zone) ?? end.utcDateTime, timeZone: zone)
        case (.utc(let local), .seconds(let seconds)):
            return .utc(local.adding(seconds: seconds))
        case (.floating(let local), .seconds(let seconds)):
            return .floating(local.adding(seconds: seconds))
        }
    }

    /// A wall time on the same terms (zone or offset) as another time of the reservation.
    private func wallTime(_ local: LocalDateTime, like other: DateTimeValue) -> DateTimeValue {
        if let zone = other.timeZone { return .dateTime(local, timeZone: zone, utcOffset: nil) }
        return .dateTime(local, timeZone: nil, utcOffset: other.utcOffset)
    }

    // MARK: - Reminders

    private func alarms(for draft: EventDraft, reservation: Reservation, messages: inout [SynthesisMessage]) -> [EventAlarm] {
        var reminders = draft.reminders
        if let checkIn = reservation.checkInAction, let opens = checkIn.validFrom {
            reminders.insert((.init(value: opens, field: "checkInAction.validFrom"), "Check-in is open: \(draft.title)", checkIn.url), at: 0)
        }
        return reminders.compactMap { reminder in
            guard let instant = instant(of: reminder.time.value, zoneHint: draft.zoneHint) else {
                messages.append(
                    SynthesisMessage(
                        .warning, field: reminder.time.field, "no time zone or UTC offset, so no reminder can be set for it"))
                return nil
            }
            return EventAlarm(trigger: .at(instant), message: reminder.message, url: Text.clean(reminder.url))
        }
    }

    /// The instant of a reservation time, reading a wall time without zone or offset in the
    /// reservation's own zone when it has one.
    private func instant(of value: DateTimeValue, zoneHint: String?) -> Instant? {
        guard case .dateTime(let local, let zone, let offset) = value else { return nil }
        if let offset { return local.instant(at: offset) }
        if let zone = zone ?? zoneHint { return TimeZoneRules.instant(of: local, in: zone) }
        return nil
    }

    // MARK: - Shared wording

    /// `SFO → HEL`, `from SFO`, `to HEL`, or nothing.
    func route(from: String?, to: String?) -> String? {
        switch (from, to) {
        case (let from?, let to?): "\(from) → \(to)"
        case (let from?, nil): "from \(from)"
        case (nil, let to?): "to \(to)"
        case (nil, nil): nil
        }
    }

    /// `23A · Economy`, `Coach 4 · 57`, or nothing.
    func seatText(_ seat: Seat?) -> String? {
        guard let seat else { return nil }
        var number = Text.clean(seat.number)
        if let row = Text.clean(seat.row), let current = number, !current.hasPrefix(row) {
            number = "Row \(row), seat \(current)"
        } else if number == nil, let row = Text.clean(seat.row) {
            number = "Row \(row)"
        }
        return Text.join([seat.section, number, seat.type], separator: " · ")
    }
}
