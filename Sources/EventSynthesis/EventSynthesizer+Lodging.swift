import Reservations

extension EventSynthesizer {
    func lodgingDraft(_ stay: LodgingStay, _ reservation: Reservation) -> EventDraft? {
        guard let checkIn = stay.checkInTime else { return nil }
        var draft = EventDraft(
            label: "Hotel", detail: stay.place.flatMap { Text.clean($0.name) }.map { "· \($0)" },
            start: .init(value: checkIn, field: "checkInTime"),
            end: stay.checkOutTime.map { .init(value: $0, field: "checkOutTime") },
            defaultLength: .untilNextDay(options.defaultDurations.lodgingCheckOut), transparency: .transparent)
        draft.place = stay.place.map(PlaceDescription.init)
        draft.notes.add("Check-in", TimeText.describe(checkIn))
        draft.notes.add("Check-out", TimeText.describe(stay.checkOutTime))
        draft.notes.add("Guests", guestsText(adults: stay.numberOfAdults, children: stay.numberOfChildren))
        draft.notes.add("Phone", stay.place?.phone)
        return draft
    }

    private func guestsText(adults: Int?, children: Int?) -> String? {
        Text.join(
            [
                adults.map { $0 == 1 ? "1 adult" : "\($0) adults" },
                children.flatMap { $0 == 0 ? nil : $0 == 1 ? "1 child" : "\($0) children" },
            ], separator: ", ")
    }
}
