import Reservations

extension EventSynthesizer {
    func restaurantDraft(_ table: RestaurantTable, _ reservation: Reservation) -> EventDraft? {
        guard let start = table.startTime else { return nil }
        let party = table.partySize.flatMap { $0 > 0 ? ($0 == 1 ? "(1 person)" : "(\($0) people)") : nil }
        let name = table.place.flatMap { Text.clean($0.name) }
        var draft = EventDraft(
            label: "Restaurant", detail: Text.join([name.map { "· \($0)" }, party], separator: " "),
            start: .init(value: start, field: "startTime"),
            end: table.endTime.map { .init(value: $0, field: "endTime") },
            defaultLength: .seconds(options.defaultDurations.restaurant))
        draft.place = table.place.map(PlaceDescription.init)
        draft.notes.add("Party size", table.partySize.map(String.init))
        draft.notes.add("Phone", table.place?.phone)
        return draft
    }
}
