// How each part of a reservation is laid over an older account of it (see ``Overlaying``):
// optional leaves are replaced when the newer value has them, values of their own are overlaid
// in turn. A field added to the model must be added here too; `ReservationOverlayTests` fails
// until it is.

extension Reservation: Overlaying {
    /// `self` with every field `newer` gives replaced; a reservation of another category
    /// replaces it whole. An unknown status is no news: the older one is kept.
    public func overlaid(with newer: Reservation) -> Reservation {
        guard let details = details.overlaid(sameCategory: newer.details) else { return newer }
        var merged = self
        merged.details = details
        merged.itemReference = newer.itemReference ?? itemReference
        merged.reservationNumber = newer.reservationNumber ?? reservationNumber
        if newer.status != .unknown { merged.status = newer.status }
        merged.holderName = newer.holderName ?? holderName
        // A list is replaced whole, as in JSON; the passengers of a group booking, each in a
        // source of their own, are gathered by merging (`ReservationMerger`).
        if !newer.travellers.isEmpty { merged.travellers = newer.travellers }
        merged.bookingTime = newer.bookingTime ?? bookingTime
        merged.modifiedTime = newer.modifiedTime ?? modifiedTime
        merged.url = newer.url ?? url
        merged.provider = provider.overlaid(with: newer.provider)
        merged.broker = broker.overlaid(with: newer.broker)
        merged.checkInAction = checkInAction.overlaid(with: newer.checkInAction)
        return merged
    }
}

extension ReservationDetails {
    /// The details laid over each other, or nil when `newer` is of another category.
    func overlaid(sameCategory newer: ReservationDetails) -> ReservationDetails? {
        switch (self, newer) {
        case (.flight(let a), .flight(let b)): .flight(a.overlaid(with: b))
        case (.lodging(let a), .lodging(let b)): .lodging(a.overlaid(with: b))
        case (.rentalCar(let a), .rentalCar(let b)): .rentalCar(a.overlaid(with: b))
        case (.restaurant(let a), .restaurant(let b)): .restaurant(a.overlaid(with: b))
        case (.ticketedEvent(let a), .ticketedEvent(let b)): .ticketedEvent(a.overlaid(with: b))
        case (.train(let a), .train(let b)): .train(a.overlaid(with: b))
        case (.bus(let a), .bus(let b)): .bus(a.overlaid(with: b))
        case (.boat(let a), .boat(let b)): .boat(a.overlaid(with: b))
        default: nil
        }
    }
}

extension Flight: Overlaying {
    public func overlaid(with newer: Flight) -> Flight {
        Flight(
            airline: airline.overlaid(with: newer.airline), flightNumber: newer.flightNumber ?? flightNumber,
            departure: departure.overlaid(with: newer.departure), arrival: arrival.overlaid(with: newer.arrival),
            boardingTime: newer.boardingTime ?? boardingTime, seat: seat.overlaid(with: newer.seat))
    }
}

extension AirportVisit: Overlaying {
    public func overlaid(with newer: AirportVisit) -> AirportVisit {
        AirportVisit(
            airport: airport.overlaid(with: newer.airport), terminal: newer.terminal ?? terminal, gate: newer.gate ?? gate,
            time: newer.time ?? time)
    }
}

extension LodgingStay: Overlaying {
    public func overlaid(with newer: LodgingStay) -> LodgingStay {
        LodgingStay(
            place: place.overlaid(with: newer.place), checkInTime: newer.checkInTime ?? checkInTime,
            checkOutTime: newer.checkOutTime ?? checkOutTime, numberOfAdults: newer.numberOfAdults ?? numberOfAdults,
            numberOfChildren: newer.numberOfChildren ?? numberOfChildren)
    }
}

extension CarRental: Overlaying {
    public func overlaid(with newer: CarRental) -> CarRental {
        CarRental(
            company: company.overlaid(with: newer.company), car: car.overlaid(with: newer.car),
            pickUp: pickUp.overlaid(with: newer.pickUp), dropOff: dropOff.overlaid(with: newer.dropOff))
    }
}

extension RentalCar: Overlaying {
    public func overlaid(with newer: RentalCar) -> RentalCar {
        RentalCar(
            make: newer.make ?? make, model: newer.model ?? model, type: newer.type ?? type,
            description: newer.description ?? description)
    }
}

extension RentalHandover: Overlaying {
    public func overlaid(with newer: RentalHandover) -> RentalHandover {
        RentalHandover(place: place.overlaid(with: newer.place), time: newer.time ?? time)
    }
}

extension RestaurantTable: Overlaying {
    public func overlaid(with newer: RestaurantTable) -> RestaurantTable {
        RestaurantTable(
            place: place.overlaid(with: newer.place), startTime: newer.startTime ?? startTime, endTime: newer.endTime ?? endTime,
            partySize: newer.partySize ?? partySize)
    }
}

extension TicketedEvent: Overlaying {
    public func overlaid(with newer: TicketedEvent) -> TicketedEvent {
        TicketedEvent(
            name: newer.name ?? name, kind: newer.kind ?? kind, venue: venue.overlaid(with: newer.venue),
            startTime: newer.startTime ?? startTime, endTime: newer.endTime ?? endTime, seat: seat.overlaid(with: newer.seat),
            numberOfAttendees: newer.numberOfAttendees ?? numberOfAttendees, description: newer.description ?? description)
    }
}

extension TransitTrip: Overlaying {
    public func overlaid(with newer: TransitTrip) -> TransitTrip {
        TransitTrip(
            vehicleName: newer.vehicleName ?? vehicleName, vehicleNumber: newer.vehicleNumber ?? vehicleNumber,
            departure: departure.overlaid(with: newer.departure), arrival: arrival.overlaid(with: newer.arrival),
            seat: seat.overlaid(with: newer.seat))
    }
}

extension TransitStop: Overlaying {
    public func overlaid(with newer: TransitStop) -> TransitStop {
        TransitStop(place: place.overlaid(with: newer.place), platform: newer.platform ?? platform, time: newer.time ?? time)
    }
}

extension Seat: Overlaying {
    public func overlaid(with newer: Seat) -> Seat {
        Seat(section: newer.section ?? section, row: newer.row ?? row, number: newer.number ?? number, type: newer.type ?? type)
    }
}

extension CheckInAction: Overlaying {
    public func overlaid(with newer: CheckInAction) -> CheckInAction {
        CheckInAction(validFrom: newer.validFrom ?? validFrom, validUntil: newer.validUntil ?? validUntil, url: newer.url ?? url)
    }
}

extension Organization: Overlaying {
    public func overlaid(with newer: Organization) -> Organization {
        Organization(name: newer.name ?? name, url: newer.url ?? url, phone: newer.phone ?? phone, email: newer.email ?? email)
    }
}

extension Airline: Overlaying {
    public func overlaid(with newer: Airline) -> Airline {
        Airline(name: newer.name ?? name, iataCode: newer.iataCode ?? iataCode, icaoCode: newer.icaoCode ?? icaoCode)
    }
}

extension Airport: Overlaying {
    public func overlaid(with newer: Airport) -> Airport {
        Airport(
            name: newer.name ?? name, iataCode: newer.iataCode ?? iataCode, icaoCode: newer.icaoCode ?? icaoCode,
            address: address.overlaid(with: newer.address), coordinates: newer.coordinates ?? coordinates)
    }
}

extension Place: Overlaying {
    public func overlaid(with newer: Place) -> Place {
        Place(
            name: newer.name ?? name, address: address.overlaid(with: newer.address), coordinates: newer.coordinates ?? coordinates,
            phone: newer.phone ?? phone)
    }
}

extension PostalAddress: Overlaying {
    public func overlaid(with newer: PostalAddress) -> PostalAddress {
        PostalAddress(
            street: newer.street ?? street, city: newer.city ?? city, region: newer.region ?? region,
            postalCode: newer.postalCode ?? postalCode, country: newer.country ?? country, countryCode: newer.countryCode ?? countryCode)
    }
}
