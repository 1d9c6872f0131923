import Chrono
import Diagnostics
import Testing

@testable import Reservations

@Suite("What each category requires")
struct RequirementTests {
    @Test("complete samples have no problems", arguments: SampleReservations.all)
    func complete(reservation: Reservation) {
        #expect(reservation.requirementProblems.isEmpty)
    }

    @Test("each category names the start it cannot do without", arguments: [
        (ReservationDetails.flight(Flight()), "departure.time", "a flight needs a departure time"),
        (.lodging(LodgingStay()), "checkInTime", "a stay needs a check-in date or time"),
        (.rentalCar(CarRental()), "pickUp.time", "a car rental needs a pick-up time"),
        (.restaurant(RestaurantTable()), "startTime", "a restaurant reservation needs a start time"),
        (.ticketedEvent(TicketedEvent()), "startTime", "a ticketed event needs a start time"),
        (.train(TransitTrip()), "departure.time", "a train trip needs a departure time"),
        (.bus(TransitTrip(departure: TransitStop(platform: "4"))), "departure.time", "a bus trip needs a departure time"),
        (.boat(TransitTrip()), "departure.time", "a boat trip needs a departure time"),
    ])
    func missingStart(details: ReservationDetails, field: String, message: String) {
        let problems = Reservation(details: details).requirementProblems
        #expect(problems.map { $0.field?.description } == [field])
        #expect(problems.map(\.message) == [message])
        #expect(problems.allSatisfy { $0.severity == .error && $0.code == .missingRequired && $0.origin == nil })
    }
}
