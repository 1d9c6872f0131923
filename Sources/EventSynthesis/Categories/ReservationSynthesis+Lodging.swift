import Chrono
import EventModel
import Reservations

extension ReservationSynthesis {
    mutating func lodgingDraft(_ stay: LodgingStay) -> EventDraft? {
        guard let checkInTime = stay.checkInTime else { return nil }
        let place = Whereabouts(place: stay.place, times: [stay.checkInTime, stay.checkOutTime])
        var start = resolve(checkInTime, field: .checkInTime, at: place)
        var end = resolve(stay.checkOutTime, field: .checkOutTime, at: place)
        if !checkInTime.isDateOnly, let checkOut = stay.checkOutTime, checkOut.isDateOnly {
            // A check-in time but a check-out date: leave at the usual hour on that date.
            let wall = LocalDateTime(date: checkOut.date, time: options.defaultDurations.lodgingCheckOut)
            end = EventDraft.Time(event: sameTerms(wall, as: start), given: checkOut, field: .checkOutTime)
        }
        (start, end) = onOneClock(start, end)
        var draft = EventDraft(
            label: words.hotel, detail: stay.place.flatMap { Text.clean($0.name) }.map { "· \($0)" }, notes: noteLines(),
            place: stay.place.map { describe($0) }, startPlace: place, start: start, end: end,
            defaultLength: .untilNextDay(options.defaultDurations.lodgingCheckOut), transparency: .transparent)
        draft.notes.add(words.checkIn, formatter.text(start.event))
        draft.notes.add(words.checkOut, end.map { formatter.text($0.event) })
        draft.notes.add(
            words.guests,
            Text.join(
                [stay.numberOfAdults.map(words.adults), stay.numberOfChildren.flatMap { $0 == 0 ? nil : words.children($0) }],
                separator: words.listSeparator))
        draft.notes.addPersonal(words.phone, stay.place?.phone)
        return draft
    }

    /// A wall time on the same terms as a resolved time: in its zone, at its offset, or floating.
    private func sameTerms(_ wall: LocalDateTime, as time: EventDraft.Time) -> EventTime {
        switch time.event {
        case .zoned(_, let zone, _): .zoned(wall, in: zone)
        case .utc: .utc(time.given.utcOffset.map { wall.instant(at: $0).utcDateTime } ?? wall)
        case .floating: .floating(wall)
        case .date: .date(wall.date)
        }
    }
}
