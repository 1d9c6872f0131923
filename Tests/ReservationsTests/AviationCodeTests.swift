import Foundation
import Testing

@testable import Reservations

@Suite("Airline and airport codes")
struct AviationCodeTests {
    @Test("each kind's shape", arguments: [
        (AviationCode.iataAirline, "ay", "AY"), (.iataAirline, "U2", "U2"), (.iataAirline, "AYX", nil), (.iataAirline, "A-", nil),
        (.icaoAirline, "fin", "FIN"), (.icaoAirline, "F1N", nil), (.icaoAirline, "FINN", nil),
        (.iataAirport, "hel", "HEL"), (.iataAirport, "HE1", nil), (.iataAirport, "ÉHE", nil),
        (.icaoAirport, "efhk", "EFHK"), (.icaoAirport, "K1G4", "K1G4"), (.icaoAirport, "EFH", nil),
    ] as [(AviationCode, String, String?)])
    func shapes(_ kind: AviationCode, _ text: String, _ expected: String?) {
        #expect(kind.normalized(text) == expected)
    }

    @Test("native JSON refuses a code of the wrong shape, naming the code it expected")
    func nativeRefusal() throws {
        #expect {
            try JSONDecoder().decode(Airline.self, from: Data(#"{"name": "Finnair", "icaoCode": "F1N"}"#.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == #"expected a three-letter ICAO airline code, found "F1N""#
        }
        #expect(try JSONDecoder().decode(Airport.self, from: Data(#"{"iataCode": "hel"}"#.utf8)).iataCode == "HEL")
    }
}
