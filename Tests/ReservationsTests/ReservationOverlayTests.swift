import Chrono
import Foundation
import TestSupport
import Testing

@testable import Reservations

/// Laying a newer account of a booking over an older one, value by value. The rule is the one
/// the merger used to apply through JSON (a deep merge of the two encodings): that is kept here
/// as the oracle, and two completely filled reservations of every category make sure no field
/// of the model is left out of the overlay.
@Suite("Laying a newer reservation over an older one")
struct ReservationOverlayTests {
    @Test("the filled samples leave no field empty, so that a field added to the model must be filled here", arguments: ReservationCategory.allCases)
    func samplesAreFull(category: ReservationCategory) {
        for variant in 0...1 {
            #expect(Self.emptyFields(of: Self.filled(category, variant: variant)) == [], "\(category) #\(variant)")
        }
    }

    @Test("every field the newer reservation gives replaces the older one's", arguments: ReservationCategory.allCases)
    func everyFieldReplaced(category: ReservationCategory) {
        let older = Self.filled(category, variant: 0)
        let newer = Self.filled(category, variant: 1)
        #expect(older != newer)
        #expect(older.overlaid(with: newer) == newer)
    }

    @Test("every field the newer reservation leaves out is kept", arguments: ReservationCategory.allCases)
    func everyFieldKept(category: ReservationCategory) {
        let older = Self.filled(category, variant: 0)
        let bare = Reservation(details: Self.bare(category))
        #expect(older.overlaid(with: bare) == older)
    }

    @Test("a reservation of another category replaces the older one whole")
    func otherCategory() {
        let older = Self.filled(.flight, variant: 0)
        let newer = Reservation(details: Self.bare(.train), reservationNumber: "X")
        #expect(older.overlaid(with: newer) == newer)
    }

    @Test("partial reservations merge as the deep merge of their JSON did", arguments: ReservationCategory.allCases)
    func sameAsJSONDeepMerge(category: ReservationCategory) throws {
        var generator = SeededGenerator(seed: UInt64(ReservationCategory.allCases.firstIndex(of: category)! + 1))
        for round in 0..<60 {
            let older = try Self.thinned(Self.filled(category, variant: 0), using: &generator)
            let newer = try Self.thinned(Self.filled(category, variant: 1), using: &generator)
            let expected = try Self.jsonDeepMerge(older, newer)
            #expect(older.overlaid(with: newer) == expected, "\(category), round \(round)")
        }
    }

    // MARK: The oracle

    /// The merger's former rule: both encoded to JSON objects, the newer laid over the older key
    /// by key (objects in turn, anything else replaced), and the result decoded.
    private static func jsonDeepMerge(_ older: Reservation, _ newer: Reservation) throws -> Reservation {
        func object(_ value: Reservation) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as! [String: Any]
        }
        func merge(_ base: [String: Any], _ top: [String: Any]) -> [String: Any] {
            var result = base
            for (key, value) in top {
                if let inner = value as? [String: Any], let existing = result[key] as? [String: Any] {
                    result[key] = merge(existing, inner)
                } else {
                    result[key] = value
                }
            }
            return result
        }
        guard older.category == newer.category else { return newer }
        let data = try JSONSerialization.data(withJSONObject: merge(try object(older), try object(newer)))
        return try JSONDecoder().decode(Reservation.self, from: data)
    }

    /// `reservation` with members of its JSON dropped at random, at every depth (the type stays).
    private static func thinned(_ reservation: Reservation, using generator: inout SeededGenerator) throws -> Reservation {
        func thin(_ object: [String: Any], top: Bool) -> [String: Any] {
            var result: [String: Any] = [:]
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                if top && key == "type" {
                    result[key] = value
                    continue
                }
                guard Int.random(in: 0..<3, using: &generator) != 0 else { continue }
                if let inner = value as? [String: Any], key != "coordinates" {
                    result[key] = thin(inner, top: false)
                } else {
                    result[key] = value
                }
            }
            return result
        }
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(reservation)) as! [String: Any]
        let data = try JSONSerialization.data(withJSONObject: thin(object, top: true))
        return try JSONDecoder().decode(Reservation.self, from: data)
    }

    // MARK: Filled reservations

    /// The paths of the optional fields left empty in `value`, found by reflection.
    private static func emptyFields(of value: Any, path: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return [path] }
            return emptyFields(of: wrapped, path: path)
        }
        guard mirror.displayStyle == .struct || mirror.displayStyle == .enum else { return [] }
        return mirror.children.flatMap { child in emptyFields(of: child.value, path: path + "." + (child.label ?? "?")) }
    }

    private static func bare(_ category: ReservationCategory) -> ReservationDetails {
        switch category {
        case .flight: .flight(Flight())
        case .lodging: .lodging(LodgingStay())
        case .rentalCar: .rentalCar(CarRental())
        case .restaurant: .restaurant(RestaurantTable())
        case .ticketedEvent: .ticketedEvent(TicketedEvent())
        case .train: .train(TransitTrip())
        case .bus: .bus(TransitTrip())
        case .boat: .boat(TransitTrip())
        }
    }

    /// A reservation of `category` with every field of the model given; the two variants differ
    /// in every one of them.
    private static func filled(_ category: ReservationCategory, variant v: Int) -> Reservation {
        func text(_ name: String) -> String { "\(name) \(v)" }
        func time(_ hour: Int) -> DateTimeValue { try! DateTimeValue(iso8601: "2030-06-1\(5 + v)T\(String(format: "%02d", 10 + hour)):\(v)5:00+02:00") }
        func address() -> PostalAddress {
            PostalAddress(
                street: text("street"), city: text("city"), region: text("region"), postalCode: text("postcode"),
                country: text("country"), countryCode: v == 0 ? "FI" : "SE")
        }
        func place(_ name: String) -> Place {
            Place(
                name: text(name), address: address(), coordinates: Coordinates(latitude: 60 + Double(v), longitude: 24 + Double(v)),
                phone: text("phone"))
        }
        func organization(_ name: String) -> Organization {
            Organization(name: text(name), url: "https://\(name).example/\(v)", phone: text("phone"), email: "\(name)\(v)@example.com")
        }
        func seat() -> Seat { Seat(section: text("section"), row: text("row"), number: text("seat"), type: text("class")) }
        func airport(_ codes: (String, String)) -> Airport {
            Airport(
                name: text("airport"), iataCode: codes.0, icaoCode: codes.1, address: address(),
                coordinates: Coordinates(latitude: 37 + Double(v), longitude: -122 + Double(v)))
        }
        func stop(_ name: String, _ hour: Int) -> TransitStop { TransitStop(place: place(name), platform: text("platform"), time: time(hour)) }
        func trip() -> TransitTrip {
            TransitTrip(
                vehicleName: text("vehicle"), vehicleNumber: text("number"), departure: stop("from", 0), arrival: stop("to", 3), seat: seat())
        }
        let details: ReservationDetails =
            switch category {
            case .flight:
                .flight(
                    Flight(
                        airline: Airline(name: text("airline"), iataCode: v == 0 ? "AY" : "SK", icaoCode: v == 0 ? "FIN" : "SAS"),
                        flightNumber: "\(20 + v)",
                        departure: AirportVisit(airport: airport(v == 0 ? ("SFO", "KSFO") : ("ARN", "ESSA")), terminal: text("T"), gate: text("G"), time: time(0)),
                        arrival: AirportVisit(airport: airport(v == 0 ? ("HEL", "EFHK") : ("CPH", "EKCH")), terminal: text("T"), gate: text("G"), time: time(5)),
                        boardingTime: time(-1), seat: seat()))
            case .lodging:
                .lodging(LodgingStay(place: place("hotel"), checkInTime: time(5), checkOutTime: time(9), numberOfAdults: 2 + v, numberOfChildren: v))
            case .rentalCar:
                .rentalCar(
                    CarRental(
                        company: organization("rentals"),
                        car: RentalCar(make: text("make"), model: text("model"), type: text("type"), description: text("description")),
                        pickUp: RentalHandover(place: place("desk"), time: time(0)), dropOff: RentalHandover(place: place("return"), time: time(8))))
            case .restaurant:
                .restaurant(RestaurantTable(place: place("restaurant"), startTime: time(9), endTime: time(11), partySize: 2 + v))
            case .ticketedEvent:
                .ticketedEvent(
                    TicketedEvent(
                        name: text("concert"), kind: v == 0 ? .movie : .other, venue: place("venue"), startTime: time(9), endTime: time(12),
                        seat: seat(), numberOfAttendees: 1 + v, description: text("about")))
            case .train: .train(trip())
            case .bus: .bus(trip())
            case .boat: .boat(trip())
            }
        return Reservation(
            details: details, itemReference: text("item"), reservationNumber: text("ABC"), status: v == 0 ? .confirmed : .cancelled,
            holderName: text("holder"), bookingTime: time(-5), modifiedTime: time(-4), url: "https://example.com/\(v)",
            provider: organization("provider"), broker: organization("broker"),
            checkInAction: CheckInAction(validFrom: time(-3), validUntil: time(-2), url: "https://example.com/check-in/\(v)"))
    }
}
