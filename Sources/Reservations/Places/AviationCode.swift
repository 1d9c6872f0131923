/// The kinds of code that name airlines and airports, each with the shape it must have: one rule
/// for every reader, so that a code native JSON refuses is not taken from schema.org markup.
///
/// Codes are compared upper-cased; digits are allowed where the issuing body allows them (IATA
/// airline designators such as `U2`, and the ICAO-style location identifiers of small airfields).
public enum AviationCode: Sendable, Hashable, CaseIterable {
    /// An IATA airline designator: two letters or digits (`AY`, `U2`).
    case iataAirline
    /// An ICAO airline designator: three letters (`FIN`).
    case icaoAirline
    /// An IATA airport code: three letters (`HEL`).
    case iataAirport
    /// An ICAO airport code: four letters or digits (`EFHK`).
    case icaoAirport

    /// How many characters the code has.
    public var length: Int {
        switch self {
        case .iataAirline: 2
        case .icaoAirline, .iataAirport: 3
        case .icaoAirport: 4
        }
    }

    /// Whether digits are refused.
    var isLettersOnly: Bool {
        switch self {
        case .icaoAirline, .iataAirport: true
        case .iataAirline, .icaoAirport: false
        }
    }

    /// How messages name the code: `a three-letter ICAO airline code`.
    public var name: String {
        switch self {
        case .iataAirline: "a two-character IATA airline code"
        case .icaoAirline: "a three-letter ICAO airline code"
        case .iataAirport: "a three-letter IATA airport code"
        case .icaoAirport: "a four-character ICAO airport code"
        }
    }

    /// The code in `text`, upper-cased, or `nil` when `text` does not have this code's shape.
    public func normalized(_ text: String) -> String? {
        let code = text.uppercased()
        guard code.unicodeScalars.count == length else { return nil }
        let isValid = code.unicodeScalars.allSatisfy { scalar in
            ("A"..."Z").contains(scalar) || (!isLettersOnly && ("0"..."9").contains(scalar))
        }
        return isValid ? code : nil
    }
}
