extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// Decodes a case from its name; an unknown name is an error that lists the names allowed.
    ///
    /// - Parameters:
    ///   - noun: How the error calls the value (`reservation type` gives
    ///     `unknown reservation type "taxi", expected one of flight, lodging, ...`).
    ///   - aliases: Other accepted spellings.
    init(decodingNameFrom decoder: any Decoder, noun: String, aliases: [String: Self] = [:]) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let value = Self(rawValue: name) ?? aliases[name] else {
            let names = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown \(noun) \"\(name)\", expected one of \(names)")
        }
        self = value
    }
}
