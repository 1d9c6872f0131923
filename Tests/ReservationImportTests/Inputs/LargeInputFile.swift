import Chrono
import Foundation
import TestSupport
import Testing

@testable import ReservationImport

/// A file read the two ways a large input can be: from disk a batch at a time, as the importer
/// reads files over its size for large ones, and whole from its bytes in memory. The two must
/// agree on everything, whatever is in the file.
struct LargeInputFile {
    /// The folder the file is in, removed when the last copy of this goes.
    let folder: TemporaryFolder
    let path: String

    /// A file named `name` in a new temporary folder.
    init(named name: String) throws {
        folder = try TemporaryFolder()
        path = folder.path(name)
    }

    /// `bytes`, written to the file and read from disk a batch at a time (the importer's size
    /// for large files set to nothing).
    func fromDisk(_ bytes: [UInt8]) throws -> ImportResult {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var importer = ReservationImporter()
        importer.largeFileSize = 0
        return importer.read(.file(path))
    }

    /// The same bytes read whole in memory, with the file's modification time, as any file read
    /// whole is. The file must have been written (``fromDisk(_:)``).
    func inMemory(_ bytes: [UInt8]) throws -> ImportResult {
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let seconds = modified.map { Int64($0.timeIntervalSince1970) }
        return ReservationImporter().read(bytes, source: .file(path), sourceTime: seconds.map { Instant(secondsSinceEpoch: $0) })
    }

    /// Expects the two readings to agree: reservations, their origins, field positions and
    /// times, and every message.
    static func expectSame(_ disk: ImportResult, _ memory: ImportResult, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(disk.reservations.map(\.reservation) == memory.reservations.map(\.reservation), "\(label)", sourceLocation: sourceLocation)
        #expect(disk.reservations.map(\.origin) == memory.reservations.map(\.origin), "\(label)", sourceLocation: sourceLocation)
        #expect(disk.reservations.map(\.fieldPositions) == memory.reservations.map(\.fieldPositions), "\(label)", sourceLocation: sourceLocation)
        #expect(disk.reservations.map(\.sourceTime) == memory.reservations.map(\.sourceTime), "\(label)", sourceLocation: sourceLocation)
        #expect(disk.diagnostics.map(\.description) == memory.diagnostics.map(\.description), "\(label)", sourceLocation: sourceLocation)
    }
}
