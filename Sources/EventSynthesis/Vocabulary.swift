/// The words of titles and notes in one language.
///
/// Every language fills every field, so a translation cannot be missing; the instances are in
/// the `Vocabulary+Language.swift` files.
struct Vocabulary: Sendable {
    // Categories, as titles and CATEGORIES begin.
    var flight: String
    var hotel: String
    var rentalCar: String
    var restaurant: String
    var event: String
    var movie: String
    var train: String
    var bus: String
    var boat: String

    /// Put before a cancelled event's title.
    var cancelledPrefix: String
    /// Between a note's label and its value.
    var labelSeparator: String
    /// Between items of a list inside a note.
    var listSeparator: String

    // Phrases.
    var people: @Sendable (Int) -> String
    var adults: @Sendable (Int) -> String
    var children: @Sendable (Int) -> String
    var from: @Sendable (String) -> String
    var to: @Sendable (String) -> String
    var row: @Sendable (String) -> String
    var rowAndSeat: @Sendable (_ row: String, _ seat: String) -> String
    var opens: @Sendable (String) -> String
    var closes: @Sendable (String) -> String
    var checkInOpenReminder: @Sendable (_ title: String) -> String
    var boardingReminder: @Sendable (_ title: String) -> String

    // Note labels.
    var reservationNumber: String
    var bookedUnder: String
    var airline: String
    var flightDeparture: String
    var flightArrival: String
    var terminal: String
    var gate: String
    var boarding: String
    var arrivalTerminal: String
    var arrivalGate: String
    var seat: String
    var checkIn: String
    var checkOut: String
    var guests: String
    var phone: String
    var car: String
    var pickUp: String
    var dropOff: String
    var partySize: String
    var venue: String
    var tickets: String
    var `operator`: String
    var departure: String
    var arrival: String
    var platform: String
    var arrivalPlatform: String
    var provider: String
    var bookedThrough: String
    var onlineCheckIn: String
    var booking: String

    /// How dates and times are written, for the language's own tag (`fr`, not `fr-CA`).
    var dates: DateConventions

    /// The vocabulary of a locale's language.
    static func of(_ locale: SynthesisLocale) -> Vocabulary {
        switch locale.language {
        case "fr": .french
        case "de": .german
        case "es": .spanish
        case "ja": .japanese
        default: .english
        }
    }
}
