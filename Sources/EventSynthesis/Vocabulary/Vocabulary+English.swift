extension Vocabulary {
    static let english = Vocabulary(
        flight: "Flight", hotel: "Hotel", rentalCar: "Rental car", restaurant: "Restaurant", event: "Event",
        movie: "Movie", train: "Train", bus: "Bus", boat: "Boat",
        cancelledPrefix: "Cancelled: ", busy: "Busy", labelSeparator: ": ", listSeparator: ", ",
        people: { $0 == 1 ? "1 person" : "\($0) people" },
        adults: { $0 == 1 ? "1 adult" : "\($0) adults" },
        children: { $0 == 1 ? "1 child" : "\($0) children" },
        from: { "from \($0)" }, to: { "to \($0)" },
        row: { "Row \($0)" }, rowAndSeat: { "Row \($0), seat \($1)" },
        opens: { "opens \($0)" }, closes: { "closes \($0)" },
        checkInOpenReminder: { "Check-in is open: \($0)" }, boardingReminder: { "Boarding: \($0)" },
        reservationNumber: "Reservation number", bookedUnder: "Booked under", travellers: "Travellers", airline: "Airline",
        flightDeparture: "Departure", flightArrival: "Arrival", terminal: "Terminal", gate: "Gate", boarding: "Boarding",
        arrivalTerminal: "Arrival terminal", arrivalGate: "Arrival gate", seat: "Seat", checkIn: "Check-in",
        checkOut: "Check-out", guests: "Guests", phone: "Phone", car: "Car", pickUp: "Pick-up", dropOff: "Drop-off",
        partySize: "Party size", venue: "Venue", tickets: "Tickets", operator: "Operator", departure: "Departure",
        arrival: "Arrival", platform: "Platform", arrivalPlatform: "Arrival platform", provider: "Provider",
        bookedThrough: "Booked through", onlineCheckIn: "Online check-in", booking: "Booking",
        dates: DateConventions(
            date: "EEE, MMM d, y", dateTime: "EEE, MMM d, y 'at' h:mm\u{202F}a", time: "h:mm\u{202F}a",
            weekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
            months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]))
}
