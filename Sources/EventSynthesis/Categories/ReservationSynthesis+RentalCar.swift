import Reservations

extension ReservationSynthesis {
    mutating func rentalCarDraft(_ rental: CarRental) -> EventDraft? {
        guard let pickUpTime = rental.pickUp?.time else { return nil }
        let sameDesk = rental.dropOff?.place == nil
        var pickUpPlace = Whereabouts(
            place: rental.pickUp?.place, times: [pickUpTime] + (sameDesk ? [rental.dropOff?.time] : []), stop: true)
        var dropOffPlace = sameDesk ? pickUpPlace : Whereabouts(place: rental.dropOff?.place, times: [rental.dropOff?.time], stop: true)
        if !sameDesk {
            // Each desk is evidence for the other's city.
            (pickUpPlace, dropOffPlace) = (pickUpPlace.near(dropOffPlace), dropOffPlace.near(pickUpPlace))
        }
        var start = resolve(pickUpTime, field: .pickUpTime, at: pickUpPlace)
        var end = resolve(rental.dropOff?.time, field: .dropOffTime, at: dropOffPlace)
        (start, end) = onOneClock(start, end)
        let company = Text.clean(rental.company?.name) ?? Text.clean(reservation.provider?.name)
        var draft = EventDraft(
            label: words.rentalCar, detail: company.map { "· \($0)" }, notes: noteLines(),
            place: rental.pickUp?.place.map { describe($0) }, startPlace: pickUpPlace, start: start, end: end,
            defaultLength: .seconds(options.defaultDurations.rentalCar), transparency: .transparent)
        let car = rental.car
        draft.notes.add(
            words.car, Text.join([Text.join([car?.make, car?.model], separator: " "), car?.type, draft.notes.personal(car?.description)], separator: " · "))
        draft.notes.add(words.pickUp, stop(rental.pickUp?.place.flatMap { describe($0).locationText }, start))
        draft.notes.add(words.dropOff, stop(rental.dropOff?.place.flatMap { describe($0).locationText }, end))
        draft.notes.addPersonal(words.phone, rental.company?.phone ?? rental.pickUp?.place?.phone)
        return draft
    }
}
