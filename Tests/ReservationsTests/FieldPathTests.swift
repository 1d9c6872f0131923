import Chrono
import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import Reservations

@Suite("The paths of a reservation's fields")
struct FieldPathTests {
    /// The fields each category has, of those messages name.
    static func fields(of category: ReservationCategory) -> [FieldPath] {
        let common: [FieldPath] = [.itemReference, .checkInOpens, .checkInCloses]
        switch category {
        case .flight:
            return common + [.departureTime, .arrivalTime, .boardingTime, .departureAirportIATACode, .departureAirportICAOCode, .arrivalAirportIATACode]
        case .lodging: return common + [.checkInTime, .checkOutTime]
        case .rentalCar: return common + [.pickUpTime, .dropOffTime]
        case .restaurant, .ticketedEvent: return common + [.startTime, .endTime]
        case .train, .bus, .boat: return common + [.departureTime, .arrivalTime]
        }
    }

    /// The value at a path in a reservation's native JSON.
    private func value(at path: FieldPath, in reservation: Reservation) throws -> Any? {
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(reservation))
        return path.keys.reduce(Optional(object)) { node, key in (node as? [String: Any])?[key] }
    }

    @Test("each path leads to its field in the native JSON of every category that has it", arguments: SampleReservations.all)
    func pathsLeadToFields(reservation: Reservation) throws {
        for field in Self.fields(of: reservation.category) {
            #expect(try value(at: field, in: reservation) != nil, "\(reservation.category): nothing at \(field)")
        }
    }

    @Test("the field a category requires is the field its requirement names", arguments: SampleReservations.all)
    func requiredFieldsExist(reservation: Reservation) throws {
        var stripped = reservation
        switch stripped.details {
        case .flight(var flight): flight.departure?.time = nil; stripped.details = .flight(flight)
        case .lodging(var stay): stay.checkInTime = nil; stripped.details = .lodging(stay)
        case .rentalCar(var rental): rental.pickUp?.time = nil; stripped.details = .rentalCar(rental)
        case .restaurant(var table): table.startTime = nil; stripped.details = .restaurant(table)
        case .ticketedEvent(var event): event.startTime = nil; stripped.details = .ticketedEvent(event)
        case .train(var trip): trip.departure?.time = nil; stripped.details = .train(trip)
        case .bus(var trip): trip.departure?.time = nil; stripped.details = .bus(trip)
        case .boat(var trip): trip.departure?.time = nil; stripped.details = .boat(trip)
        }
        let field = try #require(stripped.requirementProblems.first?.field)
        #expect(try value(at: field, in: reservation) != nil, "\(reservation.category) requires \(field), which its JSON does not have")
        #expect(try value(at: field, in: stripped) == nil)
    }

    @Test("paths print as native JSON writes them")
    func descriptions() {
        #expect(FieldPath.departureTime.description == "departure.time")
        #expect(FieldPath.checkInOpens.description == "checkInAction.validFrom")
        #expect(FieldPath.arrivalAirportICAOCode.description == "arrival.airport.icaoCode")
        #expect(FieldPath.startTime.keys == ["startTime"])
        #expect(ImportedReservation.locatedFields.count == Set(ImportedReservation.locatedFields).count)
    }

    @Test("no field path is written as text anywhere in the sources: each is defined once, from the model's keys")
    func noPathWrittenTwice() throws {
        let paths = Set(ImportedReservation.locatedFields.map { "\"\($0)\"" } + ["\"departure.airport\"", "\"arrival.airport\""])
        let sources = Repository.url("Sources")
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop { $0 == " " }
                guard !code.hasPrefix("//") else { continue }
                for path in paths where code.contains(path) {
                    found.append("\(file.lastPathComponent):\(number + 1): \(path)")
                }
            }
        }
        #expect(found.isEmpty, "field paths written as strings: \(found)")
    }
}
