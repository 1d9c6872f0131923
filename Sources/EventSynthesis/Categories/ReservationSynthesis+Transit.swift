import Reservations

extension ReservationSynthesis {
    mutating func transitDraft(_ trip: TransitTrip, label: String) -> EventDraft? {
        guard let departureTime = trip.departure?.time else { return nil }
        var departurePlace = Whereabouts(place: trip.departure?.place, times: [departureTime], stop: true)
        var arrivalPlace = Whereabouts(place: trip.arrival?.place, times: [trip.arrival?.time], stop: true)
        // Each end is evidence for the other's city (a train from Seattle to Portland).
        (departurePlace, arrivalPlace) = (departurePlace.near(arrivalPlace), arrivalPlace.near(departurePlace))
        var start = resolve(departureTime, field: .departureTime, at: departurePlace)
        var end = resolve(trip.arrival?.time, field: .arrivalTime, at: arrivalPlace)
        start = inZoneOfOtherEnd(start, end) ?? start
        end = inZoneOfOtherEnd(end, start)
        (start, end) = onOneClock(start, end)
        let from = trip.departure?.place.flatMap { Text.clean($0.name) }
        let to = trip.arrival?.place.flatMap { Text.clean($0.name) }
        var draft = EventDraft(
            label: label, detail: Text.join([vehicle(trip), route(from: from, to: to).map { "· \($0)" }], separator: " "),
            notes: noteLines(), place: trip.departure?.place.map { describe($0) }, startPlace: departurePlace,
            start: start, end: end, defaultLength: .seconds(options.defaultDurations.transit))
        (draft.endPlace, draft.startDetail, draft.endDetail) = (arrivalPlace, trip.departure?.platform, trip.arrival?.platform)
        draft.notes.add(words.operator, Text.join([reservation.provider?.name, draft.notes.personal(reservation.provider?.phone)], separator: " · "))
        draft.notes.add(words.departure, stop(from, start))
        draft.notes.add(words.platform, trip.departure?.platform)
        draft.notes.add(words.arrival, stop(to, end))
        draft.notes.add(words.arrivalPlatform, trip.arrival?.platform)
        draft.notes.addPersonal(words.seat, seatText(trip.seat))
        return draft
    }

    /// `ICE 1543`: the name and number, without saying the name twice.
    private func vehicle(_ trip: TransitTrip) -> String? {
        guard let number = Text.clean(trip.vehicleNumber) else { return Text.clean(trip.vehicleName) }
        guard let name = Text.clean(trip.vehicleName), !number.hasPrefix(name) else { return number }
        return "\(name) \(number)"
    }
}
