import Basics

extension Flight {
    /// The flight designator as people write it, airline code and number: `AY 20`.
    ///
    /// A number that already starts with the airline's code is not prefixed twice (`AY020` with
    /// airline `AY` is `AY 20`), and leading zeros are dropped. `nil` without a flight number.
    public var designator: String? {
        let code = (airline?.iataCode ?? airline?.icaoCode)?.trimmingWhitespace()
        guard var number = flightNumber?.trimmedNonEmpty else { return nil }
        if let code, !code.isEmpty, number.uppercased().hasPrefix(code) {
            number = String(number.dropFirst(code.count)).trimmingWhitespace()
        }
        let digits = number.drop(while: { $0 == "0" })
        if !digits.isEmpty, number.allSatisfy(\.isNumber) { number = String(digits) }
        guard let code, !code.isEmpty else { return number.isEmpty ? nil : number }
        return number.isEmpty ? code : "\(code) \(number)"
    }
}
