import Reservations

extension EventSynthesizer {
    func ticketedEventDraft(_ event: TicketedEvent, _ reservation: Reservation) -> EventDraft? {
        guard let start = event.startTime else { return nil }
        let isMovie = event.kind == .movie
        let name = Text.clean(event.name)
        var draft = EventDraft(
            label: isMovie ? "Movie" : "Event",
            detail: isMovie ? name.map { "· \($0)" } : name,
            start: .init(value: start, field: "startTime"),
            end: event.endTime.map { .init(value: $0, field: "endTime") },
            defaultLength: .seconds(isMovie ? options.defaultDurations.movie : options.defaultDurations.ticketedEvent))
        draft.detailIsTitle = !isMovie
        draft.place = event.venue.map(PlaceDescription.init)
        draft.notes.add("Venue", event.venue.flatMap { PlaceDescription($0).locationText })
        draft.notes.add("Seat", seatText(event.seat))
        draft.notes.add("Tickets", event.numberOfAttendees.map(String.init))
        return draft
    }
}
