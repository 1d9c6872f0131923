import Testing

@testable import Diagnostics

@Suite("JSON paths in messages")
struct JSONPathTests {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ name: String) { stringValue = name }
        init(_ index: Int) {
            stringValue = "Index \(index)"
            intValue = index
        }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init(intValue) }
    }

    @Test("names, indices and names that need quotes", arguments: [
        ([Key("reservations"), Key(3), Key("departure"), Key("time")], "reservations[3].departure.time"),
        ([Key(0), Key("@type")], "[0].@type"),
        ([Key("a b"), Key("say \"hi\"")], #"["a b"]["say \"hi\""]"#),
        ([Key("2nd")], #"["2nd"]"#),
        ([], ""),
    ])
    func text(_ path: [Key], _ expected: String) {
        #expect(JSONPath.text(path) == expected)
    }

    @Test("paths quote member names that are not plain identifiers")
    func oddNames() {
        #expect(JSONPath.text([Key("reservations"), Key(2), Key("odd key"), Key("x")])
                == #"reservations[2]["odd key"].x"#)
    }

    @Test("joining a base and a relative path")
    func join() {
        #expect(JSONPath.join("reservations[2]", "departure.time") == "reservations[2].departure.time")
        #expect(JSONPath.join("reservations", "[2]") == "reservations[2]")
        #expect(JSONPath.join("", "a") == "a")
        #expect(JSONPath.join("a", "") == "a")
    }
}
