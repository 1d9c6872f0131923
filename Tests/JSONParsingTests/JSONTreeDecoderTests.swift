import Diagnostics
import Testing

@testable import JSONParsing

@Suite("Decoding a JSON tree")
struct JSONTreeDecoderTests {
    private struct Trip: Decodable, Equatable {
        var name: String
        var legs: [Leg]
        var note: String?
    }

    private struct Leg: Decodable, Equatable {
        var number: Int
        var seats: UInt8
        var price: Double
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String, userInfo: [CodingUserInfoKey: Any] = [:]) throws -> T {
        try T(from: JSONTreeDecoder(node: try JSONParser.parse(Array(text.utf8)), userInfo: userInfo))
    }

    @Test("Codable types decode through their own conformances")
    func decodes() throws {
        let trip = try decode(Trip.self, #"{"name": "Oslo", "legs": [{"number": 7, "seats": 2, "price": 120.5}], "note": null}"#)
        #expect(trip == Trip(name: "Oslo", legs: [Leg(number: 7, seats: 2, price: 120.5)], note: nil))
    }

    @Test("a mismatch says what was expected, what was found, and where", arguments: [
        (#"{"name": "Oslo", "legs": [{"number": "7", "seats": 2, "price": 1}]}"#, "legs[0].number", "expected a whole number, found a string (\"7\")"),
        (#"{"name": "Oslo", "legs": [{"number": 7, "seats": 300, "price": 1}]}"#, "legs[0].seats", "expected a whole number from 0 to 255, found 300"),
        (#"{"name": 5, "legs": []}"#, "name", "expected a string, found a number (5)"),
        (#"{"name": "Oslo", "legs": {}}"#, "legs", "expected an array, found an object"),
        (#"{"name": null, "legs": []}"#, "name", "expected a string, found null"),
    ])
    func mismatch(_ text: String, _ path: String, _ message: String) {
        do {
            _ = try decode(Trip.self, text)
            Issue.record("decoded \(text)")
        } catch let error as DecodingError {
            let context: DecodingError.Context? =
                switch error {
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context
                default: nil
                }
            #expect(context.map { JSONPath.text($0.codingPath) } == path)
            #expect(context?.debugDescription == message)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a missing member is reported with its name")
    func missing() {
        #expect(throws: DecodingError.self) { try decode(Trip.self, #"{"legs": []}"#) }
    }

    @Test("user info reaches every nested value")
    func userInfo() throws {
        struct Probe: Decodable {
            var seen: [String]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var seen: [String] = []
                while !container.isAtEnd {
                    seen.append(try container.decode(Leaf.self).seen)
                }
                self.seen = seen
            }
        }
        struct Leaf: Decodable {
            var seen: String
            init(from decoder: any Decoder) throws {
                seen = decoder.userInfo[CodingUserInfoKey(rawValue: "probe")!] as? String ?? "nothing"
            }
        }
        let probe = try decode(Probe.self, "[1, [2], {}]", userInfo: [CodingUserInfoKey(rawValue: "probe")!: "here"])
        #expect(probe.seen == ["here", "here", "here"])
    }
}
