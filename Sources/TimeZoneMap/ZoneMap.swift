import Foundation

/// The IANA time zone kept at any point on land, decided by real time-zone boundaries.
///
/// A station or a stop is often known only by its coordinates, and near a border the nearest
/// airport is often across it, in another zone: Haparanda (Sweden) and Tornio (Finland) face each
/// other across a river an hour apart. The map is generated from timezone-boundary-builder's
/// boundaries (ODbL 1.0, © its contributors and OpenStreetMap's; see
/// `LICENSE-timezone-boundary-builder.txt`) by the script beside this file, to about 300 m of
/// latitude along borders. It is compiled into the program and decoded on the first look-up only,
/// so a run that meets no coordinates pays nothing for it; a look-up then reads one block of it.
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
        return map.zone(latitude: latitude, longitude: longitude)
    }

    /// The zones the map knows, in order.
    public static var zones: [String] { map?.zones ?? [] }

    /// Decoded on first use.
    private static let map: Decoded? = Decoded(zoneMapBase64)

    /// The map's blocks, and the zones their leaves name.
    private struct Decoded: Sendable {
        let bytes: [UInt8]
        let zones: [String]
        let blockSize: Double
        let columns: Int
        let rows: Int
        /// How many times a block may be split: cells this many levels down are all leaves.
        let depth: Int
        /// Where each block's bytes start, relative to `dataStart`; one more for the end.
        let offsets: [Int]
        let dataStart: Int

        init?(_ base64: String) {
            guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else { return nil }
            let bytes = [UInt8](data)
            guard bytes.count > 8, bytes[0..<4].elementsEqual("TZM2".utf8), bytes[5] >= bytes[4] else { return nil }
            let level = Int(bytes[4])
            depth = Int(bytes[5]) - level
            let zoneCount = Int(bytes[6]) | Int(bytes[7]) << 8
            var index = 8
            var zones: [String] = []
            for _ in 0..<zoneCount {
                guard index < bytes.count else { return nil }
                let length = Int(bytes[index])
                guard index + 1 + length <= bytes.count else { return nil }
                zones.append(String(decoding: bytes[(index + 1)..<(index + 1 + length)], as: UTF8.self))
                index += 1 + length
            }
            columns = 1 << (level + 1)
            rows = 1 << level
            blockSize = 180.0 / Double(rows)
            var offsets: [Int] = []
            for _ in 0...(columns * rows) {
                guard index + 4 <= bytes.count else { return nil }
                offsets.append(Int(bytes[index]) | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2]) << 16 | Int(bytes[index + 3]) << 24)
                index += 4
            }
            guard let last = offsets.last, index + last <= bytes.count else { return nil }
            self.bytes = bytes
            self.zones = zones
            self.offsets = offsets
            dataStart = index
        }

        func zone(latitude: Double, longitude: Double) -> String? {
            let longitude = longitude == 180 ? -180 : longitude
            let column = min(columns - 1, Int((longitude + 180) / blockSize))
            let row = min(rows - 1, Int((latitude + 90) / blockSize))
            let block = row * columns + column
            var reader = BitReader(bytes: bytes, start: dataStart + offsets[block], end: dataStart + offsets[block + 1])
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
        let bytes: [UInt8]
        var position: Int  // in bits
        let end: Int  // in bits

        init(bytes: [UInt8], start: Int, end: Int) {
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
}
