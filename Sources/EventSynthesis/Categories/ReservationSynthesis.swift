import Chrono
import Diagnostics
import EventModel
import Foundation
import Reservations

/// The synthesis of one reservation: resolves its times, builds its draft through the category's
/// extension, then makes the event. A value used once, by ``EventSynthesizer``.
struct ReservationSynthesis: ~Copyable {
    /// The reservation, its links that a feed may not carry taken out (``WebLink``).
    let reservation: Reservation
    let options: SynthesisOptions
    let words: Vocabulary
    let formatter: TimeFormatter
    /// What the reservation's source says beyond its fields.
    let context: SynthesisContext
    /// What identifies the booking, of which its UID is made.
    let identity: BookingIdentity
    var messages: [Diagnostic] = []

    init(
        _ reservation: Reservation, options: SynthesisOptions, words: Vocabulary, formatter: TimeFormatter, context: SynthesisContext = .none,
        identity: BookingIdentity
    ) {
        (self.reservation, messages) = Self.linksKept(reservation)
        self.options = options
        self.words = words
        self.formatter = formatter
        self.context = context
        self.identity = identity
    }

    mutating func run() -> SynthesisResult {
        let problems = reservation.requirementProblems
        guard problems.isEmpty, var draft = makeDraft() else {
            return SynthesisResult(event: nil, diagnostics: problems)
        }
        let checkIn = reservation.checkInAction
        let opens = resolve(checkIn?.validFrom, field: .checkInOpens, at: draft.startPlace)
        let closes = resolve(checkIn?.validUntil, field: .checkInCloses, at: draft.startPlace)
        addCommonNotes(to: &draft, checkInOpens: opens, checkInCloses: closes)
        if let opens { draft.reminders.insert((opens, words.checkInOpenReminder(draft.title), draft.notes.personal(checkIn?.url)), at: 0) }
        if draft.start.given.isDateOnly, reservation.category.expectsTimeOfDay {
            messages.append(
                Diagnostic(
                    .warning, .dateWithoutTime, field: draft.start.field,
                    "\(draft.start.given) is a date without a time of day; the event takes the whole day"))
        }
        var start = draft.start.event
        var end = finishEnd(of: draft)
        if let days = Self.wholeDays(draft.start, draft.end) {
            (start, end) = (.date(days.first), .date(days.exclusiveEnd))
        }

        var summary = draft.title
        var status: EventStatus?
        var transparency = draft.transparency
        switch reservation.status {
        case .confirmed: status = .confirmed
        case .pending, .hold: status = .tentative
        case .cancelled:
            status = .cancelled
            summary = words.cancelledPrefix + summary
            transparency = .transparent
        case .unknown: status = nil
        }

        let uid: String
        if let uuid = identity.uuid {
            uid = EventIdentity.uid(uuid)
        } else {
            uid = EventIdentity.uid(forKey: "content:\(reservation.category.rawValue)|\(draft.start.event)|\(draft.title)")
            messages.append(
                Diagnostic(
                    .warning, .noIdentity,
                    "no reservation number or item reference; the event cannot be updated in place when the booking changes"))
        }

        // A cancelled event keeps no reminders: nobody should be called to a booking that is off.
        let alarms = status == .cancelled ? [] : alarms(of: draft)
        var event = CalendarEvent(
            uid: uid, summary: summary, start: start, end: end, notes: draft.notes.text,
            location: draft.place?.locationText, geo: draft.place?.geo, structuredLocation: draft.place?.structuredLocation,
            status: status, transparency: transparency, travelTime: travelTime(start: start, status: status),
            url: draft.notes.personal(Text.clean(reservation.url)), alarms: alarms, categories: [draft.label])
        var itinerary = options.trips == nil || status == .cancelled ? nil : itineraryItem(of: draft, event)
        let unkeyedUID = options.view != .full && options.viewKey != nil ? options.view.uid(ofFull: event.uid) : nil
        shape(&event)
        itinerary?.uid = event.uid
        var result = SynthesisResult(event: event, diagnostics: messages)
        result.itinerary = itinerary
        result.unkeyedUID = unkeyedUID
        return result
    }

    /// The booking as trips and connections see it: what it is, its times as the event has
    /// them, and where it starts and ends.
    private func itineraryItem(of draft: EventDraft, _ event: CalendarEvent) -> ItineraryItem {
        let kind: ItineraryItem.Kind =
            switch reservation.category {
            case .flight: .flight
            case .train, .bus, .boat: .ground
            case .lodging: .lodging
            case .rentalCar, .restaurant, .ticketedEvent: .visit
            }
        var item = ItineraryItem(
            kind: kind, uid: event.uid, title: event.summary, start: event.start, end: event.end ?? event.start,
            from: draft.startPlace.itineraryPlace(detail: draft.startDetail), to: draft.endPlace?.itineraryPlace(detail: draft.endDetail))
        item.endIsGiven = draft.end != nil
        return item
    }

    /// The event as the feed's view shows it (``FeedView``): its own UID, which two views of one
    /// booking never share (derived from the full feed's, so stable); and in the busy view, the
    /// times alone, in UTC.
    private func shape(_ event: inout CalendarEvent) {
        guard options.view != .full else { return }
        event.uid = options.view.uid(ofFull: event.uid, key: options.viewKey)
        guard options.view == .busy else { return }
        event.showBusy(as: options.busyTitle.flatMap(Text.clean) ?? words.busy, cancelledPrefix: words.cancelledPrefix)
    }

    /// The travel time the options give, for an event one goes to at its start: a departure, a
    /// table, a show; not a stay or a rental (which leave the day free), a whole day, or a
    /// booking that is off.
    private func travelTime(start: EventTime, status: EventStatus?) -> Int? {
        guard let travel = options.travelTime, travel > 0, status != .cancelled else { return nil }
        if case .date = start { return nil }
        switch reservation.category {
        case .flight, .train, .bus, .boat, .restaurant, .ticketedEvent: return travel
        case .lodging, .rentalCar: return nil
        }
    }

    /// The reservation with its booking link and its check-in link taken out where they are not
    /// http, https or mailto (a `javascript:` or `data:` link written by whoever made the
    /// markup), and a warning naming each field taken out. (Made on a plain value before this
    /// non-copyable one holds it: changed in place through `self`, the check-in link's old text
    /// was leaked, as the fuzzer's leak checker found.)
    static func linksKept(_ reservation: Reservation) -> (Reservation, [Diagnostic]) {
        var reservation = reservation
        var messages: [Diagnostic] = []
        func dropped(_ link: String?, _ field: FieldPath) -> Bool {
            guard let link = Text.clean(link), !WebLink.isKept(link) else { return false }
            let shown = link.count > 40 ? String(link.prefix(37)) + "..." : link
            messages.append(
                Diagnostic(
                    .warning, .linkNotKept, field: field,
                    "\"\(shown)\" is not an http, https or mailto link; it is left out of the event"))
            return true
        }
        if dropped(reservation.url, .url) { reservation.url = nil }
        if var action = reservation.checkInAction, dropped(action.url, .checkInURL) {
            action.url = nil
            reservation.checkInAction = action
        }
        return (reservation, messages)
    }

    // MARK: - Category

    private mutating func makeDraft() -> EventDraft? {
        switch reservation.details {
        case .flight(let flight): flightDraft(flight)
        case .lodging(let stay): lodgingDraft(stay)
        case .rentalCar(let rental): rentalCarDraft(rental)
        case .restaurant(let table): restaurantDraft(table)
        case .ticketedEvent(let event): ticketedEventDraft(event)
        case .train(let trip): transitDraft(trip, label: words.train)
        case .bus(let trip): transitDraft(trip, label: words.bus)
        case .boat(let trip): transitDraft(trip, label: words.boat)
        }
    }

    // MARK: - Shared by the categories

    /// Resolves a time at a place to an event time.
    mutating func resolve(_ value: DateTimeValue, field: FieldPath, at place: Whereabouts) -> EventDraft.Time {
        EventDraft.Time(
            event: TimeResolver(context: context).resolve(value, field: field, at: place, messages: &messages), given: value, field: field)
    }

    /// A trip's time known only as an instant (an offset, and nothing about its place), shown in
    /// the zone of the trip's other end when that zone keeps the same offset then: a bus from
    /// "Port Authority, NYC" at 12:30-05:00 to Boston leaves at 12:30 New York time.
    func inZoneOfOtherEnd(_ time: EventDraft.Time?, _ other: EventDraft.Time?) -> EventDraft.Time? {
        guard var time, case .utc = time.event, let offset = time.given.utcOffset, offset != .zero,
            let zone = other?.event.timeZone, TimeZoneRules.offset(in: zone, at: time.event.instant) == offset,
            let zoned = EventTime.zoned(instant: time.event.instant, in: zone)
        else { return time }
        time.event = zoned
        return time
    }

    /// An event's two ends on one kind of clock. RFC 5545 allows a floating end only beside a
    /// floating start: a train's departure in Europe/Prague beside an arrival that no zone or
    /// offset places cannot be written (nor compared, by most readers). An end whose zone nothing
    /// tells takes its other end's: that zone, as a wall time there, or the other end's UTC
    /// offset when only that is known; the guess is reported in place of the floating one.
    mutating func onOneClock(_ start: EventDraft.Time, _ end: EventDraft.Time?) -> (start: EventDraft.Time, end: EventDraft.Time?) {
        guard var end else { return (start, nil) }
        var start = start
        if case .floating(let local) = end.event, let fixed = fixed(local, field: end.field, like: start) {
            end.event = fixed
        } else if case .floating(let local) = start.event, let fixed = fixed(local, field: start.field, like: end) {
            start.event = fixed
        }
        return (start, end)
    }

    /// A floating wall time read on the clock of `other`, the event's other end; `nil` when that
    /// end floats too, or is a date.
    private mutating func fixed(_ local: LocalDateTime, field: FieldPath, like other: EventDraft.Time) -> EventTime? {
        let taken: EventTime
        let clock: DiagnosticMessage
        var said: [Diagnostic] = []  // what reading the wall time in that zone says (a skipped hour)
        switch other.event {
        case .zoned(_, let zone, _):
            taken = TimeResolver(context: context).wallTime(local, in: zone, field: field, messages: &said)
            clock = "\(zone)"
        case .utc:
            // Written in UTC because only an offset was known there (or it was UTC): the same offset.
            let offset = other.given.utcOffset ?? .zero
            taken = .utc(local.instant(at: offset).utcDateTime)
            clock = "the UTC offset \(offset)"
        case .floating, .date:
            return nil
        }
        messages.removeAll { $0.code == .floatingTime && $0.field == field }
        messages.append(
            Diagnostic(
                .warning, .zoneGuessed, field: field,
                "no time zone or UTC offset, and nothing tells where; took \(clock), that of \(other.field), so that the event's two ends are on one clock"
            ))
        messages += said
        return taken
    }

    /// Resolves an optional time.
    mutating func resolve(_ value: DateTimeValue?, field: FieldPath, at place: Whereabouts) -> EventDraft.Time? {
        value.map { resolve($0, field: field, at: place) }
    }

    /// A place as the event shows it, countries named in the locale's language.
    func describe(_ place: Place) -> PlaceDescription {
        PlaceDescription(name: place.name, address: place.address, coordinates: place.coordinates, countryName: { regionName($0) })
    }

    /// A country's name in the locale's language (`United States`, `États-Unis`), from its ISO code.
    func regionName(_ code: String) -> String {
        RegionNames.name(of: code, in: options.locale.identifier)
    }

    /// Notes for the category's lines, with the locale's separator.
    func noteLines() -> NoteLines { NoteLines(separator: words.labelSeparator, keepsPersonal: options.view == .full) }

    /// `SFO → HEL`, `from SFO`, `to HEL`, or nothing.
    func route(from: String?, to: String?) -> String? {
        switch (from, to) {
        case (let from?, let to?): "\(from) → \(to)"
        case (let from?, nil): words.from(from)
        case (nil, let to?): words.to(to)
        case (nil, nil): nil
        }
    }

    /// `23A · Economy`, `Coach 4 · 57`, `Row 12, seat 14`, or nothing.
    func seatText(_ seat: Seat?) -> String? {
        guard let seat else { return nil }
        var number = Text.clean(seat.number)
        if let row = Text.clean(seat.row), let current = number, !current.hasPrefix(row) {
            number = words.rowAndSeat(row, current)
        } else if number == nil, let row = Text.clean(seat.row) {
            number = words.row(row)
        }
        return Text.join([seat.section, number, seat.type], separator: " · ")
    }

    /// `Name, Place, time (zone)` for a departure or arrival note.
    func stop(_ name: String?, _ time: EventDraft.Time?) -> String? {
        Text.join([name, time.map { formatter.text($0.event) }], separator: words.listSeparator)
    }

    /// A warning when an airport's code is not in the airport table.
    ///
    /// - Parameter codes: The fields of the airport's IATA and ICAO codes.
    mutating func checkAirport(_ airport: Airport?, _ whereabouts: Whereabouts, codes: (iata: FieldPath, icao: FieldPath)) {
        guard let airport, whereabouts.airport == nil else { return }
        let (code, field) = airport.iataCode.map { ($0, codes.iata) } ?? airport.icaoCode.map { ($0, codes.icao) } ?? ("", codes.iata)
        guard !code.isEmpty else { return }
        messages.append(
            Diagnostic(
                .warning, .unknownAirport, field: field,
                "unknown airport code \"\(code)\"; its place and time zone are not known"))
    }

    // MARK: - Common notes, end, reminders

    private func addCommonNotes(to draft: inout EventDraft, checkInOpens opens: EventDraft.Time?, checkInCloses closes: EventDraft.Time?) {
        var notes = noteLines()
        notes.addPersonal(words.reservationNumber, reservation.reservationNumber)
        notes.addPersonal(words.bookedUnder, reservation.holderName)
        if reservation.travellers.count > 1 {
            // Each given name first (`Lovelace, Byron` is Byron Lovelace), so that the list's commas
            // part people, not names.
            let names = reservation.travellers.map(PersonName.givenFirst).compactMap(Text.clean)
            notes.addPersonal(words.travellers, names.joined(separator: words.listSeparator))
        }
        notes.append(draft.notes)
        switch reservation.category {
        case .flight, .train, .bus, .boat:
            break  // the airline or operator is among the category's notes
        case .lodging, .rentalCar, .restaurant, .ticketedEvent:
            notes.add(words.provider, Text.join([reservation.provider?.name, notes.personal(reservation.provider?.phone)], separator: " · "))
        }
        notes.add(words.bookedThrough, reservation.broker?.name)
        if let checkIn = reservation.checkInAction {
            notes.add(
                words.onlineCheckIn,
                Text.join(
                    [
                        opens.map { words.opens(formatter.text($0.event)) }, closes.map { words.closes(formatter.text($0.event)) },
                        notes.personal(checkIn.url),
                    ],
                    separator: words.listSeparator))
        }
        notes.addPersonal(words.booking, reservation.url)
        draft.notes = notes
    }

    /// The days a start and an end cover when together they mean whole days: from midnight to
    /// 23:59 or 23:59:59 of the same or a later day, or from midnight to a later midnight, as the
    /// times are written (on the same clock: the same zone, and the same offset or none, or each
    /// the zone's own offset that day). The end is exclusive, as iCalendar's is.
    static func wholeDays(_ start: EventDraft.Time, _ end: EventDraft.Time?) -> (first: LocalDate, exclusiveEnd: LocalDate)? {
        guard let end, case .dateTime(let from, let fromZone, let fromOffset) = start.given,
            case .dateTime(let to, let toZone, let toOffset) = end.given,
            fromZone == toZone, from.time == .midnight, to.date >= from.date
        else { return nil }
        // The same offset, or offsets that are the zone's own on each day (across a DST change).
        let sameClock =
            fromOffset == toOffset
            || (start.event.timeZone != nil && start.event.timeZone == end.event.timeZone
                && start.event.localDateTime == from && end.event.localDateTime == to)
        guard sameClock else { return nil }
        let (hour, minute, second) = (to.time.hour, to.time.minute, to.time.second)
        if hour == 23, minute == 59, second == 0 || second == 59 { return (from.date, to.date.adding(days: 1)) }
        if to.time == .midnight, to.date > from.date { return (from.date, to.date) }
        return nil
    }

    /// The end the event gets: the reservation's when it makes sense, else the default.
    private mutating func finishEnd(of draft: EventDraft) -> EventTime {
        let start = draft.start
        if let end = draft.end {
            switch (start.event, end.event) {
            case (.date(let startDate), _):
                // A date-only start makes a whole-day event; its end date is inclusive.
                let endDate = end.given.date
                if endDate >= startDate { return .date(endDate.adding(days: 1)) }
                messages.append(
                    Diagnostic(
                        .warning, .endBeforeStart, field: end.field,
                        "ends (\(endDate)) before it starts (\(startDate)); used the default length"))
            case (_, .date):
                messages.append(
                    Diagnostic(.warning, .endWithoutTime, field: end.field, "the end is a date without a time; used the default length"))
            default:
                if end.event.instant > start.event.instant { return end.event }
                if let nextDay = arrivalOnTheNextDay(start, end) {
                    messages.append(
                        Diagnostic(
                            .warning, .endBeforeStart, field: end.field,
                            "arrives before it departs on the date given for both; read as arriving the next day, \(nextDay)"))
                    return nextDay
                }
                messages.append(
                    Diagnostic(.warning, .endBeforeStart, field: end.field, "ends at or before the start; used the default length"))
            }
        }
        return defaultEnd(after: start.event, length: draft.defaultLength)
    }

    /// A trip's arrival written on its departure's date although it is after midnight (Paris 11:00
    /// to Bangalore "00:35" on the same date): the arrival a day later, when that makes a trip of
    /// at most 20 hours (the longest scheduled flights take 19).
    private func arrivalOnTheNextDay(_ start: EventDraft.Time, _ end: EventDraft.Time) -> EventTime? {
        guard [.flight, .train, .bus, .boat].contains(reservation.category), start.given.date == end.given.date else { return nil }
        let later: EventTime
        switch end.event {
        case .zoned(let local, let zone, _): later = .zoned(LocalDateTime(date: local.date.adding(days: 1), time: local.time), in: zone)
        case .utc(let local): later = .utc(local.adding(seconds: 86_400))
        case .floating(let local): later = .floating(local.adding(seconds: 86_400))
        case .date: return nil
        }
        let length = later.instant.secondsSinceEpoch - start.event.instant.secondsSinceEpoch
        return length > 0 && length <= 20 * 3600 ? later : nil
    }

    /// The end an event gets when the reservation gives none (or an impossible one).
    private func defaultEnd(after start: EventTime, length: EventDraft.DefaultLength) -> EventTime {
        switch (start, length) {
        case (.date(let date), .untilNextDay):
            return .date(date.adding(days: 2))  // one night: the check-in day and the check-out day
        case (.date(let date), .seconds):
            return .date(date.adding(days: 1))
        case (.zoned(let local, let zone, _), .untilNextDay(let checkOut)):
            return .zoned(LocalDateTime(date: local.date.adding(days: 1), time: checkOut), in: zone)
        case (.utc(let local), .untilNextDay(let checkOut)):
            return .utc(LocalDateTime(date: local.date.adding(days: 1), time: checkOut))
        case (.floating(let local), .untilNextDay(let checkOut)):
            return .floating(LocalDateTime(date: local.date.adding(days: 1), time: checkOut))
        case (.zoned(_, let zone, _), .seconds(let seconds)):
            // Real elapsed time, so a dinner across a DST change still lasts two hours.
            let end = start.instant.adding(seconds: seconds)
            return .zoned(instant: end, in: zone) ?? .utc(end.utcDateTime)
        case (.utc(let local), .seconds(let seconds)):
            return .utc(local.adding(seconds: seconds))
        case (.floating(let local), .seconds(let seconds)):
            return .floating(local.adding(seconds: seconds))
        }
    }

    private mutating func alarms(of draft: EventDraft) -> [EventAlarm] {
        draft.reminders.compactMap { reminder in
            switch reminder.time.event {
            case .zoned, .utc:
                return EventAlarm(trigger: .at(reminder.time.event.instant), message: reminder.message, url: Text.clean(reminder.url))
            case .date, .floating:
                messages.append(
                    Diagnostic(
                        .warning, .reminderWithoutZone, field: reminder.time.field,
                        "no time zone or UTC offset, so no reminder can be set for it"))
                return nil
            }
        }
    }
}
