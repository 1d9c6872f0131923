import Reservations

extension ReservationSynthesis {
    mutating func ticketedEventDraft(_ event: TicketedEvent) -> EventDraft? {
        guard let startTime = event.startTime else { return nil }
        let place = Whereabouts(place: event.venue, times: [event.startTime, event.endTime])
        var start = resolve(startTime, field: .startTime, at: place)
        var end = resolve(event.endTime, field: .endTime, at: place)
        (start, end) = onOneClock(start, end)
        let isMovie = event.kind == .movie
        let name = Text.clean(event.name)
        var draft = EventDraft(
            label: isMovie ? words.movie : words.event, detail: isMovie ? name.map { "· \($0)" } : name, notes: noteLines(),
            place: event.venue.map { describe($0) }, startPlace: place, start: start, end: end,
            defaultLength: .seconds(isMovie ? options.defaultDurations.movie : options.defaultDurations.ticketedEvent))
        draft.detailIsTitle = !isMovie  // an event is called by its own name
        draft.notes.add(words.venue, event.venue.flatMap { describe($0).locationText })
        draft.notes.addPersonal(words.seat, seatText(event.seat))
        draft.notes.add(words.tickets, event.numberOfAttendees.map(String.init))
        draft.notes.addPersonalText(event.description)
        return draft
    }
}
