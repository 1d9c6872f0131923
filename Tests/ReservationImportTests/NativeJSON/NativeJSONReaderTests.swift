import Diagnostics
import Reservations
import Testing

@testable import ReservationImport

@Suite("Native JSON reader")
struct NativeJSONReaderTests {
    private func read(_ text: String, file: String = "trip.json") -> ImportResult {
        NativeJSONReader().read(Array(text.utf8), source: .file(file))
    }

    /// A document whose fourth reservation carries `field` (JSON text) in place of a good value.
    private func document(fourth: String) -> String {
        """
        {
          "reservations": [
            {"type": "restaurant", "startTime": "2030-06-14T19:30:00-07:00"},
            {"type": "restaurant", "startTime": "2030-06-15T19:30:00-07:00"},
            {"type": "restaurant", "startTime": "2030-06-16T19:30:00-07:00"},
            \(fourth)
          ]
        }
        """
    }

    @Test("the message of the issue: file, JSON path, expectation, what was found, and the line")
    func dateError() {
        let result = read(document(fourth: #"{"type": "train", "departure": {"time": "25/12"}}"#))
        #expect(result.reservations.count == 3)
        #expect(result.diagnostics.map(\.description) == [
            #"trip.json: reservations[3].departure.time: expected an ISO 8601 date-time, found "25/12" (line 6, column 45)"#
        ])
    }

    @Test("each decoding error path names its place", arguments: [
        (#"{"departure": {"time": "2030-06-20T08:25"}}"#,
         "trip.json: reservations[3].type: every reservation needs a type, one of flight, lodging, rentalCar, restaurant, ticketedEvent, train, bus, boat (line 6, column 5)"),
        (#"{"type": "taxi"}"#,
         #"trip.json: reservations[3].type: unknown reservation type "taxi", expected one of flight, lodging, rentalCar, restaurant, ticketedEvent, train, bus, boat (line 6, column 14)"#),
        (#"{"type": 7}"#, "trip.json: reservations[3].type: expected a string, found a number (7) (line 6, column 14)"),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:30", "partySize": "2"}"#,
         #"trip.json: reservations[3].partySize: expected a whole number, found a string ("2") (line 6, column 74)"#),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:30", "partySize": 2.5}"#,
         "trip.json: reservations[3].partySize: expected a whole number from -9223372036854775808 to 9223372036854775807, found 2.5 (line 6, column 74)"),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:30", "partySize": -2}"#,
         "trip.json: reservations[3].partySize: expected a count of zero or more, found -2 (line 6, column 74)"),
        (#"{"type": "restaurant", "startTime": null}"#,
         "trip.json: reservations[3].startTime: a restaurant reservation needs a start time; the reservation is skipped (line 6, column 41)"),
        (#"{"type": "restaurant", "startTime": "2030-02-30T19:30"}"#,
         #"trip.json: reservations[3].startTime: expected an ISO 8601 date-time, found "2030-02-30T19:30" (2030-02-30 does not exist) (line 6, column 41)"#),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:30:00[Europe/Berln]"}"#,
         #"trip.json: reservations[3].startTime: expected an ISO 8601 date-time, found "2030-06-16T19:30:00[Europe/Berln]" (unknown time zone "Europe/Berln") (line 6, column 41)"#),
        (#"{"type": "restaurant", "status": "maybe", "startTime": "2030-06-16T19:30"}"#,
         #"trip.json: reservations[3].status: unknown status "maybe", expected one of unknown, confirmed, pending, hold, cancelled (line 6, column 38)"#),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:30", "place": {"coordinates": {"latitude": 95, "longitude": 0}}}"#,
         "trip.json: reservations[3].place.coordinates.latitude: expected a latitude from -90 to 90, found 95.0 (line 6, column 99)"),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:30", "place": {"coordinates": {"latitude": 45}}}"#,
         "trip.json: reservations[3].place.coordinates.longitude: required but missing (line 6, column 86)"),
        (#"{"type": "restaurant", "startTime": "2030-06-16T19:30", "place": "EPIC Steak"}"#,
         #"trip.json: reservations[3].place: expected an object, found a string ("EPIC Steak") (line 6, column 70)"#),
        (#"{"type": "flight", "departure": {"airport": {"iataCode": "SF"}, "time": "2030-06-15T17:55"}}"#,
         #"trip.json: reservations[3].departure.airport.iataCode: expected a three-letter IATA airport code, found "SF" (line 6, column 62)"#),
        (#"{"type": "flight", "departure": {"time": "2030-06-15T17:55"}, "seat": ["23A"]}"#,
         "trip.json: reservations[3].seat: expected an object, found an array (line 6, column 75)"),
        (#"{"type": "ticketedEvent", "kind": "opera", "startTime": "2030-06-15T17:55"}"#,
         #"trip.json: reservations[3].kind: unknown event kind "opera", expected one of movie, other (line 6, column 39)"#),
        (#"{"type": "flight", "flightNumber": 20, "departure": {"time": "2030-06-15T17:55"}}"#,
         "trip.json: reservations[3].flightNumber: expected a string, found a number (20) (line 6, column 40)"),
        (#"{"type": "lodging"}"#,
         "trip.json: reservations[3].checkInTime: a stay needs a check-in date or time; the reservation is skipped (line 6, column 5)"),
        (#""restaurant""#,
         #"trip.json: reservations[3]: expected an object, found a string ("restaurant") (line 6, column 5)"#),
    ])
    func decodingErrors(fourth: String, message: String) {
        let result = read(document(fourth: fourth))
        #expect(result.diagnostics.map(\.description) == [message])
        #expect(result.reservations.count == 3, "the other reservations are still read")
        #expect(result.reservations.map(\.origin?.path) == ["reservations[0]", "reservations[1]", "reservations[2]"])
    }

    @Test("a file that is not JSON names the line and column")
    func syntaxError() {
        let result = read(document(fourth: #"{"type": "train",, }"#))
        #expect(result.reservations.isEmpty)
        #expect(result.diagnostics.map(\.description) == [
            "trip.json: not valid JSON: expected a member name in double quotes, found ',' (line 6, column 22)"
        ])
    }

    @Test("document shapes: a bare array, a single reservation, and wrong shapes")
    func shapes() {
        let array = read(#"[{"type": "bus", "departure": {"time": "2030-06-19"}}, {"type": "bus", "departure": {"time": "2030-06-20"}}]"#)
        #expect(array.diagnostics.isEmpty)
        #expect(array.reservations.map(\.origin?.path) == ["[0]", "[1]"])

        let single = read(#"{"type": "bus", "departure": {"time": "2030-06-19"}}"#)
        #expect(single.diagnostics.isEmpty)
        #expect(single.reservations.map(\.origin?.path) == [""])

        #expect(read(#"{"reservations": {"type": "bus"}}"#).diagnostics.map(\.description) == [
            "trip.json: reservations: expected an array of reservations, found an object (line 1, column 18)"
        ])
        #expect(read(#"{"events": []}"#).diagnostics.map(\.description) == [
            #"trip.json: expected an object with a "reservations" array, an array of reservations, or one reservation with a "type"; found an object (line 1, column 1)"#
        ])
        #expect(read(#"{"reservations": []}"#) == ImportResult())
    }

    @Test("origins carry the line where each reservation starts, also on one long line")
    func origins() {
        let line = "[" + Array(repeating: #"{"type": "bus", "departure": {"time": "2030-06-19"}}"#, count: 3).joined(separator: ",") + "]"
        let result = read(line)
        #expect(result.reservations.map(\.origin?.position) == [
            TextPosition(line: 1, column: 2), TextPosition(line: 1, column: 55), TextPosition(line: 1, column: 108),
        ])
    }
}
