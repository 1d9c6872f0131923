import Basics
import Foundation

/// The IANA time zone kept at any point on land, decided by real time-zone boundaries.
///
/// A station or a stop is often known only by its coordinates, and near a border the nearest
/// airport is often across it, in another zone: Haparanda (Sweden) and Tornio (Finland) face each
/// other across a river an hour apart. The map is generated from timezone-boundary-builder's
/// boundaries (ODbL 1.0, © its contributors and OpenStreetMap's; see
/// `LICENSE-timezone-boundary-builder.txt`) by the script beside this file, to about 300 m of
/// latitude along borders. It is compiled into the program as text and read where it lies: a
/// look-up decodes the few hundred bytes of its own block, and a run that meets no coordinates
/// pays nothing for it.
///
/// ```swift
/// ZoneMap.zone(latitude: 65.8467, longitude: 24.1467)   // "Europe/Helsinki" (Tornio)
/// ZoneMap.zone(latitude: 65.8325, longitude: 24.1360)   // "Europe/Stockholm" (Haparanda)
/// ZoneMap.zone(latitude: 40.0, longitude: -40.0)        // nil: the middle of the Atlantic
/// ```
public enum ZoneMap {
    /// The timezone-boundary-builder release the map was made from.
    public static let dataVersion = zoneMapVersion

    /// The zone kept at a point, or `nil` at sea (outside every country's waters), in a place no
    /// zone covers, or for coordinates that are not on the Earth.
    public static func zone(latitude: Double, longitude: Double) -> String? {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude),
            let map
        else { return nil }
        // The places of a feed repeat (a hotel, a station): each thread remembers the points it
        // looked up, with its own copy of each zone's name, which no other thread counts
        // references to.
        let point = Point(latitude: latitude.bitPattern, longitude: longitude.bitPattern)
        if let known = found.withValue({ $0[point] }) { return known }
        let zone = map.zone(latitude: latitude, longitude: longitude).map { String(decoding: Array($0.utf8), as: UTF8.self) }
        found.withValue { found in
            if found.count >= 4096 { found.removeAll(keepingCapacity: true) }
            found[point] = .some(zone)
        }
        return zone
    }

    /// A point looked up, by its coordinates' bits.
    private struct Point: Hashable {
        var latitude: UInt64
        var longitude: UInt64
    }

    /// The points this thread looked up, with their zones.
    private static let found = PerThread<[Point: String?]> { [:] }

    /// The zones the map knows, in order.
    public static var zones: [String] { map?.zones ?? [] }

    /// Read on first use: the header and the zone names. The blocks stay in the base64 text,
    /// where a look-up decodes the bytes of its own block only (a few hundred), so that neither
    /// the program's start nor its memory pays for the 1.5 MB a run does not read.
    private static let map: Decoded? = Decoded(Base64Text(zoneMapBase64, lineLength: 100))

    /// The map's header and zone names, and where its blocks are in the text.
    private struct Decoded: Sendable {
        let text: Base64Text
        let zones: [String]
        let blockSize: Double
        let columns: Int
        let rows: Int
        /// How many times a block may be split: cells this many levels down are all leaves.
        let depth: Int
        /// Where the block boundaries' offsets start, and where the block data does.
        let offsetsStart: Int
        let dataStart: Int

        init?(_ text: Base64Text) {
            guard text.count > 8, (0..<4).map({ text[$0] }).elementsEqual("TZM2".utf8), text[5] >= text[4] else { return nil }
            let level = Int(text[4])
            depth = Int(text[5]) - level
            let zoneCount = Int(text[6]) | Int(text[7]) << 8
            var index = 8
            var zones: [String] = []
            for _ in 0..<zoneCount {
                guard index < text.count else { return nil }
                let length = Int(text[index])
                guard index + 1 + length <= text.count else { return nil }
                zones.append(String(decoding: (index + 1..<index + 1 + length).map { text[$0] }, as: UTF8.self))
                index += 1 + length
            }
            columns = 1 << (level + 1)
            rows = 1 << level
            blockSize = 180.0 / Double(rows)
            offsetsStart = index
            dataStart = index + 4 * (columns * rows + 1)
            self.text = text
            self.zones = zones
            // The last boundary is the data's end.
            guard dataStart <= text.count, let end = offset(columns * rows), dataStart + end == text.count else { return nil }
        }

        /// Where a block boundary is, relative to `dataStart`.
        private func offset(_ boundary: Int) -> Int? {
            let at = offsetsStart + 4 * boundary
            guard boundary >= 0, at + 4 <= dataStart else { return nil }
            return Int(text[at]) | Int(text[at + 1]) << 8 | Int(text[at + 2]) << 16 | Int(text[at + 3]) << 24
        }

        func zone(latitude: Double, longitude: Double) -> String? {
            let longitude = longitude == 180 ? -180 : longitude
            let column = min(columns - 1, Int((longitude + 180) / blockSize))
            let row = min(rows - 1, Int((latitude + 90) / blockSize))
            let block = row * columns + column
            guard let start = offset(block), let end = offset(block + 1), start <= end, dataStart + end <= text.count else { return nil }
            var reader = BitReader(bytes: text, start: dataStart + start, end: dataStart + end)
            guard let paletteCount = reader.varint(), paletteCount > 0 else { return nil }
            var palette: [Int] = []
            for _ in 0..<paletteCount {
                guard let value = reader.varint() else { return nil }
                palette.append(value)
            }
            let width = paletteCount > 1 ? Int.bitWidth - (paletteCount - 1).leadingZeroBitCount : 0
            var west = -180 + Double(column) * blockSize
            var south = -90 + Double(row) * blockSize
            var size = blockSize
            for level in 0...depth {
                // The deepest cells are leaves, and no bit says so.
                guard let split = level == depth ? 0 : reader.bit() else { return nil }
                if split == 0 {
                    guard let position = reader.bits(width), position < palette.count else { return nil }
                    let value = palette[position]
                    return value == 0 || value > zones.count ? nil : zones[value - 1]
                }
                size /= 2
                let north = latitude >= south + size
                let east = longitude >= west + size
                // South-west, south-east, north-west, north-east: skip the cells before the point's.
                guard reader.skip(cells: (north ? 2 : 0) + (east ? 1 : 0), levelsBelow: depth - level - 1, width: width) else { return nil }
                if north { south += size }
                if east { west += size }
            }
            return nil
        }
    }

    /// Reads a block: varints by the byte, then cells by the bit, most significant first.
    private struct BitReader {
        let bytes: Base64Text
        var position: Int  // in bits
        let end: Int  // in bits

        init(bytes: Base64Text, start: Int, end: Int) {
            self.bytes = bytes
            position = start * 8
            self.end = end * 8
        }

        mutating func varint() -> Int? {
            var value = 0
            var shift = 0
            while position < end, shift < 63 {
                let byte = bytes[position / 8]
                position += 8
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }

        mutating func bit() -> Int? {
            guard position < end else { return nil }
            defer { position += 1 }
            return Int(bytes[position / 8] >> (7 - position % 8) & 1)
        }

        mutating func bits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let bit = bit() else { return nil }
                value = value << 1 | bit
            }
            return value
        }

        /// Skips `cells` whole cells (each a leaf, or a split and its four cells), which may be
        /// split `levelsBelow` more times.
        mutating func skip(cells: Int, levelsBelow: Int, width: Int) -> Bool {
            // The cells still to skip at each level below the first; in pre-order the deepest
            // pending cell always comes next.
            var pending = [Int](repeating: 0, count: levelsBelow + 1)
            pending[0] = cells
            var level = 0
            while level >= 0 {
                if pending[level] == 0 {
                    level -= 1
                    continue
                }
                pending[level] -= 1
                if level < levelsBelow {
                    guard let split = bit() else { return false }
                    if split == 1 {
                        level += 1
                        pending[level] = 4
                        continue
                    }
                }
                position += width
            }
            return position <= end
        }
    }

    /// The bytes of base64 text compiled into the program, read one at a time where they are.
    ///
    /// The text is standard base64 in lines of `lineLength` characters, each but the last
    /// followed by a line feed, so the characters that hold byte `i` are found by arithmetic.
    /// It points into the program's read-only data, which is never written or freed, hence
    /// `@unchecked Sendable`.
    struct Base64Text: @unchecked Sendable {
        private let characters: UnsafePointer<UInt8>
        private let lineLength: Int
        /// How many bytes the text holds.
        let count: Int

        init(_ text: StaticString, lineLength: Int) {
            precondition(text.hasPointerRepresentation && lineLength > 0 && lineLength % 4 == 0)
            characters = text.utf8Start
            self.lineLength = lineLength
            let length = text.utf8CodeUnitCount
            let significant = length - length / (lineLength + 1)
            var padding = 0
            while padding < 2, padding < length, characters[length - 1 - padding] == UInt8(ascii: "=") { padding += 1 }
            count = significant % 4 == 0 ? significant / 4 * 3 - padding : 0
        }

        /// The byte at `index`, which must be below `count`.
        subscript(index: Int) -> UInt8 {
            precondition(index >= 0 && index < count)
            // Byte 0 of a group of three is in characters 0 and 1 of its four, byte 1 in 1 and 2,
            // byte 2 in 2 and 3.
            let (group, within) = index.quotientAndRemainder(dividingBy: 3)
            let high = sextet(4 * group + within)
            let low = sextet(4 * group + within + 1)
            switch within {
            case 0: return high << 2 | low >> 4
            case 1: return high << 4 | low >> 2
            default: return high << 6 | low
            }
        }

        /// The six bits a character stands for; 0 for padding.
        private func sextet(_ position: Int) -> UInt8 {
            let character = characters[position + position / lineLength]
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): return 62
            case UInt8(ascii: "/"): return 63
            default: return 0
            }
        }
    }
}
