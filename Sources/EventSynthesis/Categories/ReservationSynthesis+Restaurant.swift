import Reservations

extension ReservationSynthesis {
    mutating func restaurantDraft(_ table: RestaurantTable) -> EventDraft? {
        guard let startTime = table.startTime else { return nil }
        let place = Whereabouts(place: table.place, times: [table.startTime, table.endTime])
        var start = resolve(startTime, field: .startTime, at: place)
        var end = resolve(table.endTime, field: .endTime, at: place)
        (start, end) = onOneClock(start, end)
        let party = table.partySize.flatMap { $0 > 0 ? "(\(words.people($0)))" : nil }
        var draft = EventDraft(
            label: words.restaurant,
            detail: Text.join([table.place.flatMap { Text.clean($0.name) }.map { "· \($0)" }, party], separator: " "),
            notes: noteLines(), place: table.place.map { describe($0) }, startPlace: place, start: start, end: end,
            defaultLength: .seconds(options.defaultDurations.restaurant))
        draft.notes.add(words.partySize, table.partySize.map(String.init))
        draft.notes.addPersonal(words.phone, table.place?.phone)
        return draft
    }
}
