import Basics
import Chrono

/// A zone named as Windows displays it, which Exchange writes as a TZID:
/// `(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna`, and in older versions
/// `(GMT+01:00) …` or `(GMT+01.00) Amsterdam / Berlin / …`: the zone's standard offset, and the
/// places it names.
struct ExchangeDisplayName: Sendable, Hashable {
    /// The standard (winter) offset the name gives.
    public let offset: UTCOffset
    /// The places named after the offset, in order (`Amsterdam`, `Berlin`…; `Pacific Time (US &
    /// Canada)` is one), the first ``placeLimit`` of them.
    public let places: [String]

    /// How many places are read at most: Windows names six, and each is looked up for every
    /// event, so a name of thousands cannot make a file's reading long.
    static let placeLimit = 12

    /// Reads a display name; `nil` when `text` does not start with `(UTC…)` or `(GMT…)`.
    public init?(_ text: String) {
        let text = text.unquoted
        guard text.hasPrefix("(UTC") || text.hasPrefix("(GMT"), let close = text.firstIndex(of: ")") else { return nil }
        let inside = text[text.index(text.startIndex, offsetBy: 4)..<close]
        if inside.isEmpty {
            offset = .zero
        } else {
            // `+01:00`, `+01.00`, `-03:30`, and `+1` as some writers shorten it.
            guard let sign = inside.first, sign == "+" || sign == "-" else { return nil }
            let parts = inside.dropFirst().split(omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "." })
            guard (1...2).contains(parts.count), let hours = Int(parts[0]), hours <= 14,
                let minutes = parts.count == 2 ? Int(parts[1]) : 0, minutes < 60,
                let offset = UTCOffset(seconds: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
            else { return nil }
            self.offset = offset
        }
        var rest = Substring(text[text.index(after: close)...])
        // `(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London`
        if let colon = rest.range(of: " : ") { rest = rest[colon.upperBound...] }
        let named = rest.split(whereSeparator: { $0 == "," || $0 == "/" }).lazy.map { String($0).trimmingWhitespace() }
        places = Array(named.filter { !$0.isEmpty }.prefix(Self.placeLimit))
    }

    /// The name as display names are compared: the offset, then the places, in lower case.
    var comparable: String {
        "\(offset)|" + places.map { $0.lowercased() }.joined(separator: "|")
    }
}
