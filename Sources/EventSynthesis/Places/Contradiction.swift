/// What a place says against a zone one of its times states (``Whereabouts/contradiction(of:at:)``):
/// the zone the evidence gives, and whether it outweighs the stated one.
struct Contradiction: Sendable {
    /// The zone the place's evidence gives, with what it came from, as messages name it.
    let evidence: ZoneEvidence
    /// How the evidence was found, as messages say it after it: `, from its address`, or
    /// `, as the words “Olympia Terminal, Helsinki” read`; empty where ``evidence`` says it (an
    /// airport's code, a position).
    let basis: String
    /// The zone the evidence gives.
    var zone: String { evidence.zone }
    /// Whether the evidence is a country none of whose zones keeps the stated clocks, none of
    /// them kept by most of its people: messages then name the country, not one of its zones.
    var isCountryWide = false

    /// What the place keeps, as messages say it: `PT's zone Europe/Lisbon, from its address`,
    /// or `every zone of CA, from its address`.
    var placeDescription: String {
        isCountryWide ? "every zone of \(evidence.source)\(basis)" : "\(evidence)\(basis)"
    }

    /// Whether the evidence is strong enough to read the time as a wall time in ``zone``: the
    /// place is located (an airport's code, a position, an address that gives its country), and
    /// its clocks differ from the stated zone's at every time that happens there.
    let outweighs: Bool
}
