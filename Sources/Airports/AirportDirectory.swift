import Foundation

/// Looks airports up by IATA or ICAO code in a table of 7,884 airports with their coordinates and
/// time zones, made from the airportsdata package (MIT licence; see `LICENSE-airportsdata.txt`).
///
/// The table is compiled into the program as text and indexed on first use only, so programs that
/// never meet a flight never pay for it. Look-ups are safe from any thread.
///
/// ```swift
/// AirportDirectory.airport(iata: "HEL")?.timeZone   // "Europe/Helsinki"
/// ```
public enum AirportDirectory {
    /// The airportsdata release the table comes from.
    public static let dataVersion = airportTableVersion

    /// The airport with this IATA code (any case), or `nil`.
    public static func airport(iata code: String) -> AirportRecord? {
        let code = Array(code.uppercased().utf8)
        guard code.count == 3 else { return nil }
        return index.findIATA(code)
    }

    /// The airport with this ICAO code (any case), or `nil`.
    public static func airport(icao code: String) -> AirportRecord? {
        guard let line = icaoIndex[code.uppercased()] else { return nil }
        return index.record(at: line)
    }

    /// The zone of a city that has an airport in the table (`San Francisco`, `US` gives
    /// `America/Los_Angeles`), or `nil`. Case and accents do not matter.
    public static func timeZone(ofCity city: String, countryCode: String) -> String? {
        cityZones[cityKey(city, countryCode)]
    }

    /// Every airport in the table, in IATA order.
    public static var all: [AirportRecord] {
        (0..<index.lines.count).compactMap(index.record(at:))
    }

    // MARK: - Index

    private static let index = Index(airportTable)

    private static let cityZones: [String: String] = {
        var zones: [String: String] = [:]
        for line in index.lines.indices {
            guard let airport = index.record(at: line), !airport.city.isEmpty else { continue }
            let key = cityKey(airport.city, airport.countryCode)
            if zones[key] == nil { zones[key] = airport.timeZone }
        }
        return zones
    }()

    private static func cityKey(_ city: String, _ country: String) -> String {
        city.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: .whitespaces)
            + "|" + country.uppercased()
    }

    private static let icaoIndex: [String: Int] = {
        var byCode: [String: Int] = [:]
        for line in index.lines.indices {
            if let icao = index.record(at: line)?.icaoCode { byCode[icao] = line }
        }
        return byCode
    }()

    /// Where each line of the table starts and ends.
    private struct Index: Sendable {
        let bytes: [UInt8]
        let lines: [Range<Int>]

        init(_ table: String) {
            bytes = Array(table.utf8)
            var lines: [Range<Int>] = []
            var start = 0
            for (offset, byte) in bytes.enumerated() where byte == 0x0A {
                if offset > start { lines.append(start..<offset) }
                start = offset + 1
            }
            if start < bytes.count { lines.append(start..<bytes.count) }
            self.lines = lines
        }

        func findIATA(_ code: [UInt8]) -> AirportRecord? {
            var low = 0
            var high = lines.count
            while low < high {
                let middle = (low + high) / 2
                let key = bytes[lines[middle].lowerBound..<(lines[middle].lowerBound + 3)]
                if key.elementsEqual(code) { return record(at: middle) }
                if key.lexicographicallyPrecedes(code) { low = middle + 1 } else { high = middle }
            }
            return nil
        }

        func record(at line: Int) -> AirportRecord? {
            let fields = bytes[lines[line]].split(separator: 0x09, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 8, let latitude = Double(fields[5]), let longitude = Double(fields[6]) else {
                return nil
            }
            return AirportRecord(
                iataCode: fields[0], icaoCode: fields[1].isEmpty ? nil : fields[1], name: fields[2], city: fields[3],
                countryCode: fields[4], latitude: latitude, longitude: longitude, timeZone: fields[7])
        }
    }
}
