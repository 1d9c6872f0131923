extension Vocabulary {
    static let french = Vocabulary(
        flight: "Vol", hotel: "Hôtel", rentalCar: "Voiture de location", restaurant: "Restaurant", event: "Événement",
        movie: "Film", train: "Train", bus: "Bus", boat: "Bateau",
        cancelledPrefix: "Annulé : ", busy: "Occupé", labelSeparator: " : ", listSeparator: ", ",
        people: { $0 == 1 ? "1 personne" : "\($0) personnes" },
        adults: { $0 == 1 ? "1 adulte" : "\($0) adultes" },
        children: { $0 == 1 ? "1 enfant" : "\($0) enfants" },
        from: { "depuis \($0)" }, to: { "vers \($0)" },
        row: { "Rang \($0)" }, rowAndSeat: { "Rang \($0), place \($1)" },
        opens: { "ouverture \($0)" }, closes: { "clôture \($0)" },
        checkInOpenReminder: { "Enregistrement ouvert : \($0)" }, boardingReminder: { "Embarquement : \($0)" },
        reservationNumber: "Numéro de réservation", bookedUnder: "Au nom de", travellers: "Voyageurs", airline: "Compagnie aérienne",
        flightDeparture: "Départ", flightArrival: "Arrivée", terminal: "Terminal", gate: "Porte",
        boarding: "Embarquement", arrivalTerminal: "Terminal d'arrivée", arrivalGate: "Porte d'arrivée", seat: "Place",
        checkIn: "Arrivée", checkOut: "Départ", guests: "Personnes", phone: "Téléphone", car: "Véhicule",
        pickUp: "Prise en charge", dropOff: "Restitution", partySize: "Nombre de personnes", venue: "Lieu",
        tickets: "Billets", operator: "Transporteur", departure: "Départ", arrival: "Arrivée", platform: "Quai",
        arrivalPlatform: "Quai d'arrivée", provider: "Prestataire", bookedThrough: "Réservé via",
        onlineCheckIn: "Enregistrement en ligne", booking: "Réservation",
        dates: DateConventions(
            date: "EEE d MMM y", dateTime: "EEE d MMM y 'à' HH:mm", time: "HH:mm",
            weekdays: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
            months: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]))
}
