extension Vocabulary {
    static let spanish = Vocabulary(
        flight: "Vuelo", hotel: "Hotel", rentalCar: "Coche de alquiler", restaurant: "Restaurante", event: "Evento",
        movie: "Película", train: "Tren", bus: "Autobús", boat: "Barco",
        cancelledPrefix: "Cancelado: ", busy: "Ocupado", labelSeparator: ": ", listSeparator: ", ",
        people: { $0 == 1 ? "1 persona" : "\($0) personas" },
        adults: { $0 == 1 ? "1 adulto" : "\($0) adultos" },
        children: { $0 == 1 ? "1 niño" : "\($0) niños" },
        from: { "desde \($0)" }, to: { "a \($0)" },
        row: { "Fila \($0)" }, rowAndSeat: { "Fila \($0), asiento \($1)" },
        opens: { "abre \($0)" }, closes: { "cierra \($0)" },
        checkInOpenReminder: { "Ya puedes facturar: \($0)" }, boardingReminder: { "Embarque: \($0)" },
        reservationNumber: "Número de reserva", bookedUnder: "A nombre de", travellers: "Viajeros", airline: "Aerolínea",
        flightDeparture: "Salida", flightArrival: "Llegada", terminal: "Terminal", gate: "Puerta", boarding: "Embarque",
        arrivalTerminal: "Terminal de llegada", arrivalGate: "Puerta de llegada", seat: "Asiento", checkIn: "Entrada",
        checkOut: "Salida", guests: "Huéspedes", phone: "Teléfono", car: "Coche", pickUp: "Recogida",
        dropOff: "Devolución", partySize: "Comensales", venue: "Lugar", tickets: "Entradas", operator: "Operador",
        departure: "Salida", arrival: "Llegada", platform: "Andén", arrivalPlatform: "Andén de llegada",
        provider: "Proveedor", bookedThrough: "Reservado a través de", onlineCheckIn: "Check-in en línea",
        booking: "Reserva",
        dates: DateConventions(
            date: "EEE, d MMM y", dateTime: "EEE, d MMM y, H:mm", time: "H:mm",
            weekdays: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"],
            months: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
            am: "a.\u{202F}m.", pm: "p.\u{202F}m."))
}
