import Reservations

extension EventSynthesizer {
    func transitDraft(_ trip: TransitTrip, label: String, _ reservation: Reservation) -> EventDraft? {
        guard let departure = trip.departure?.time else { return nil }
        let from = trip.departure?.place.flatMap { Text.clean($0.name) }
        let to = trip.arrival?.place.flatMap { Text.clean($0.name) }
        var draft = EventDraft(
            label: label,
            detail: Text.join([vehicleText(trip), route(from: from, to: to).map { "· \($0)" }], separator: " "),
            start: .init(value: departure, field: "departure.time"),
            end: trip.arrival?.time.map { .init(value: $0, field: "arrival.time") },
            defaultLength: .seconds(options.defaultDurations.transit))
        draft.place = trip.departure?.place.map(PlaceDescription.init)
        draft.zoneHint = departure.timeZone
        draft.notes.add("Operator", Text.join([reservation.provider?.name, reservation.provider?.phone], separator: " · "))
        draft.notes.add("Departure", Text.join([from, TimeText.describe(departure)], separator: ", "))
        draft.notes.add("Platform", trip.departure?.platform)
        draft.notes.add("Arrival", Text.join([to, TimeText.describe(trip.arrival?.time)], separator: ", "))
        draft.notes.add("Arrival platform", trip.arrival?.platform)
        draft.notes.add("Seat", seatText(trip.seat))
        return draft
    }

    /// `ICE 1543`: the name and number, without saying the name twice.
    private func vehicleText(_ trip: TransitTrip) -> String? {
        guard let number = Text.clean(trip.vehicleNumber) else { return Text.clean(trip.vehicleName) }
        guard let name = Text.clean(trip.vehicleName), !number.hasPrefix(name) else { return number }
        return "\(name) \(number)"
    }
}
