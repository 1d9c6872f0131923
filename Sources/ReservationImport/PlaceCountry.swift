import Geography

/// The country of the place a reservation is at, when a date's order needs a guess (`04/05`
/// is April in the United States, the 4th of May in France): the first country that the places
/// it holds name, looked for by breadth (its venue, then the venue's address, then deeper), at
/// most four levels down, whatever the format the reservation was read from.
enum PlaceCountry {
    /// How deep the places are looked for.
    static let depth = 4

    /// The first country found from `reservation`.
    ///
    /// - Parameters:
    ///   - codes: What a node says its country is, in order (an ISO code or a name: `FR`,
    ///     `France`); the first that is a country is the answer.
    ///   - names: Countries a node names less surely (a native `country` beside no
    ///     `countryCode`), used only when no node gives a code.
    ///   - children: The nodes a node holds.
    static func first<Node>(
        from reservation: Node, codes: (Node) -> [String], names: (Node) -> [String] = { _ in [] }, children: (Node) -> [Node]
    ) -> String? {
        var pending = [(reservation, 0)]
        var index = 0
        var named: [String] = []
        while index < pending.count {
            let (node, level) = pending[index]
            index += 1
            for text in codes(node) {
                if let code = CountryNames.code(for: text) { return code }
            }
            named += names(node)
            guard level < depth else { continue }
            for child in children(node) { pending.append((child, level + 1)) }
        }
        return named.lazy.compactMap(CountryNames.code(for:)).first
    }
}
