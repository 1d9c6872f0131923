/// The words of titles and notes in one language.
///
/// Every language fills every field, so a translation cannot be missing; the instances are in
/// the `Vocabulary+Language.swift` files. A class, so that the synthesis of each reservation
/// shares it instead of copying some seventy strings and closures.
final class Vocabulary: Sendable {
    // Categories, as titles and CATEGORIES begin.
    let flight: String
    let hotel: String
    let rentalCar: String
    let restaurant: String
    let event: String
    let movie: String
    let train: String
    let bus: String
    let boat: String

    /// Put before a cancelled event's title.
    let cancelledPrefix: String
    /// The title of every event of a feed that shows only when the person is away
    /// (``FeedView/busy``).
    let busy: String
    /// Between a note's label and its value.
    let labelSeparator: String
    /// Between items of a list inside a note.
    let listSeparator: String

    // Phrases.
    let people: @Sendable (Int) -> String
    let adults: @Sendable (Int) -> String
    let children: @Sendable (Int) -> String
    let from: @Sendable (String) -> String
    let to: @Sendable (String) -> String
    let row: @Sendable (String) -> String
    let rowAndSeat: @Sendable (_ row: String, _ seat: String) -> String
    let opens: @Sendable (String) -> String
    let closes: @Sendable (String) -> String
    let checkInOpenReminder: @Sendable (_ title: String) -> String
    let boardingReminder: @Sendable (_ title: String) -> String

    // Note labels.
    let reservationNumber: String
    let bookedUnder: String
    /// The label of everyone a booking is for, when it names more than its holder.
    let travellers: String
    let airline: String
    let flightDeparture: String
    let flightArrival: String
    let terminal: String
    let gate: String
    let boarding: String
    let arrivalTerminal: String
    let arrivalGate: String
    let seat: String
    let checkIn: String
    let checkOut: String
    let guests: String
    let phone: String
    let car: String
    let pickUp: String
    let dropOff: String
    let partySize: String
    let venue: String
    let tickets: String
    let `operator`: String
    let departure: String
    let arrival: String
    let platform: String
    let arrivalPlatform: String
    let provider: String
    let bookedThrough: String
    let onlineCheckIn: String
    let booking: String

    /// How dates and times are written, for the language's own tag (`fr`, not `fr-CA`).
    let dates: DateConventions

    init(
        flight: String,
        hotel: String,
        rentalCar: String,
        restaurant: String,
        event: String,
        movie: String,
        train: String,
        bus: String,
        boat: String,
        cancelledPrefix: String,
        busy: String,
        labelSeparator: String,
        listSeparator: String,
        people: @escaping @Sendable (Int) -> String,
        adults: @escaping @Sendable (Int) -> String,
        children: @escaping @Sendable (Int) -> String,
        from: @escaping @Sendable (String) -> String,
        to: @escaping @Sendable (String) -> String,
        row: @escaping @Sendable (String) -> String,
        rowAndSeat: @escaping @Sendable (_ row: String, _ seat: String) -> String,
        opens: @escaping @Sendable (String) -> String,
        closes: @escaping @Sendable (String) -> String,
        checkInOpenReminder: @escaping @Sendable (_ title: String) -> String,
        boardingReminder: @escaping @Sendable (_ title: String) -> String,
        reservationNumber: String,
        bookedUnder: String,
        travellers: String,
        airline: String,
        flightDeparture: String,
        flightArrival: String,
        terminal: String,
        gate: String,
        boarding: String,
        arrivalTerminal: String,
        arrivalGate: String,
        seat: String,
        checkIn: String,
        checkOut: String,
        guests: String,
        phone: String,
        car: String,
        pickUp: String,
        dropOff: String,
        partySize: String,
        venue: String,
        tickets: String,
        `operator`: String,
        departure: String,
        arrival: String,
        platform: String,
        arrivalPlatform: String,
        provider: String,
        bookedThrough: String,
        onlineCheckIn: String,
        booking: String,
        dates: DateConventions
    ) {
        self.flight = flight
        self.hotel = hotel
        self.rentalCar = rentalCar
        self.restaurant = restaurant
        self.event = event
        self.movie = movie
        self.train = train
        self.bus = bus
        self.boat = boat
        self.cancelledPrefix = cancelledPrefix
        self.busy = busy
        self.labelSeparator = labelSeparator
        self.listSeparator = listSeparator
        self.people = people
        self.adults = adults
        self.children = children
        self.from = from
        self.to = to
        self.row = row
        self.rowAndSeat = rowAndSeat
        self.opens = opens
        self.closes = closes
        self.checkInOpenReminder = checkInOpenReminder
        self.boardingReminder = boardingReminder
        self.reservationNumber = reservationNumber
        self.bookedUnder = bookedUnder
        self.travellers = travellers
        self.airline = airline
        self.flightDeparture = flightDeparture
        self.flightArrival = flightArrival
        self.terminal = terminal
        self.gate = gate
        self.boarding = boarding
        self.arrivalTerminal = arrivalTerminal
        self.arrivalGate = arrivalGate
        self.seat = seat
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.guests = guests
        self.phone = phone
        self.car = car
        self.pickUp = pickUp
        self.dropOff = dropOff
        self.partySize = partySize
        self.venue = venue
        self.tickets = tickets
        self.operator = `operator`
        self.departure = departure
        self.arrival = arrival
        self.platform = platform
        self.arrivalPlatform = arrivalPlatform
        self.provider = provider
        self.bookedThrough = bookedThrough
        self.onlineCheckIn = onlineCheckIn
        self.booking = booking
        self.dates = dates
    }

    /// The vocabulary of a locale's language.
    static func of(_ locale: SynthesisLocale) -> Vocabulary {
        inLanguage(of: locale, english: .english, french: .french, german: .german, spanish: .spanish, japanese: .japanese)
    }

    /// The one of a locale's language, of words given in each language this package writes
    /// (English for any other): the vocabulary's, and those of trips and changes.
    static func inLanguage<Words>(
        of locale: SynthesisLocale, english: Words, french: Words, german: Words, spanish: Words, japanese: Words
    ) -> Words {
        switch locale.language {
        case "fr": french
        case "de": german
        case "es": spanish
        case "ja": japanese
        default: english
        }
    }
}
