extension Vocabulary {
    static let german = Vocabulary(
        flight: "Flug", hotel: "Hotel", rentalCar: "Mietwagen", restaurant: "Restaurant", event: "Veranstaltung",
        movie: "Film", train: "Zug", bus: "Bus", boat: "Schiff",
        cancelledPrefix: "Storniert: ", busy: "Beschäftigt", labelSeparator: ": ", listSeparator: ", ",
        people: { $0 == 1 ? "1 Person" : "\($0) Personen" },
        adults: { $0 == 1 ? "1 Erwachsener" : "\($0) Erwachsene" },
        children: { $0 == 1 ? "1 Kind" : "\($0) Kinder" },
        from: { "ab \($0)" }, to: { "nach \($0)" },
        row: { "Reihe \($0)" }, rowAndSeat: { "Reihe \($0), Platz \($1)" },
        opens: { "ab \($0)" }, closes: { "bis \($0)" },
        checkInOpenReminder: { "Check-in geöffnet: \($0)" }, boardingReminder: { "Boarding: \($0)" },
        reservationNumber: "Buchungsnummer", bookedUnder: "Gebucht auf", travellers: "Reisende", airline: "Fluggesellschaft",
        flightDeparture: "Abflug", flightArrival: "Ankunft", terminal: "Terminal", gate: "Gate", boarding: "Boarding",
        arrivalTerminal: "Ankunftsterminal", arrivalGate: "Ankunftsgate", seat: "Sitzplatz", checkIn: "Check-in",
        checkOut: "Check-out", guests: "Gäste", phone: "Telefon", car: "Fahrzeug", pickUp: "Abholung",
        dropOff: "Rückgabe", partySize: "Personen", venue: "Veranstaltungsort", tickets: "Tickets",
        operator: "Betreiber", departure: "Abfahrt", arrival: "Ankunft", platform: "Gleis/Steig",
        arrivalPlatform: "Ankunftsgleis/-steig", provider: "Anbieter", bookedThrough: "Gebucht über",
        onlineCheckIn: "Online-Check-in", booking: "Buchung",
        dates: DateConventions(
            date: "EEE d. MMM y", dateTime: "EEE d. MMM y, HH:mm", time: "HH:mm",
            weekdays: ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."],
            months: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."]))
}
