import Reservations

extension EventSynthesizer {
    func rentalCarDraft(_ rental: CarRental, _ reservation: Reservation) -> EventDraft? {
        guard let pickUp = rental.pickUp?.time else { return nil }
        let company = Text.clean(rental.company?.name) ?? Text.clean(reservation.provider?.name)
        var draft = EventDraft(
            label: "Rental car", detail: company.map { "· \($0)" },
            start: .init(value: pickUp, field: "pickUp.time"),
            end: rental.dropOff?.time.map { .init(value: $0, field: "dropOff.time") },
            defaultLength: .seconds(options.defaultDurations.rentalCar), transparency: .transparent)
        draft.place = rental.pickUp?.place.map(PlaceDescription.init)
        draft.notes.add(
            "Car", Text.join([Text.join([rental.car?.make, rental.car?.model], separator: " "), rental.car?.type, rental.car?.description], separator: " · "))
        draft.notes.add("Pick-up", Text.join([rental.pickUp?.place.flatMap { PlaceDescription($0).locationText }, TimeText.describe(pickUp)], separator: ", "))
        draft.notes.add("Drop-off", Text.join([rental.dropOff?.place.flatMap { PlaceDescription($0).locationText }, TimeText.describe(rental.dropOff?.time)], separator: ", "))
        draft.notes.add("Phone", rental.company?.phone ?? rental.pickUp?.place?.phone)
        return draft
    }
}
