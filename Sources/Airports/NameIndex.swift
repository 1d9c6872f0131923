import Basics
import TextFolding

/// The airports of the table by the words of their names and cities, for finding an airport that
/// markup names without a code.
struct NameIndex: Sendable {
    let records: [AirportRecord]
    /// Each word, with the airports (by index in `records`) whose name or city has it.
    let postings: [String: [Int]]

    init(_ records: [AirportRecord]) {
        self.records = records
        var postings: [String: [Int]] = [:]
        for (position, record) in records.enumerated() {
            for word in Self.words(record.name + " " + record.city) { postings[word, default: []].append(position) }
        }
        self.postings = postings
    }

    /// Words that say nothing about which airport is meant, in the languages airports are named in.
    static let generic: Set<String> = [
        "airport", "airports", "international", "intl", "int", "regional", "municipal", "county", "field", "airfield", "airstrip",
        "aeroport", "aeropuerto", "aeroporto", "aeroporti", "aerodrome", "flughafen", "flugplatz", "lufthavn", "flygplats",
        "lentoasema", "luchthaven", "lotnisko", "letiste", "havalimani", "the", "of", "de", "del", "di", "du", "la", "le", "el", "am",
    ]

    /// The words of a name: lower case, without accents or punctuation, generic words left out.
    static func words(_ text: String) -> Set<String> {
        Set(
            text.foldedForComparison.split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { !generic.contains($0) })
    }
}
