import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

@Suite("Spooled event texts")
struct TextSpoolTests {
    @Test("texts come back exactly, in any order, across the pieces the spool writes, and leave no file behind")
    func roundTrip() throws {
        let folder = try TemporaryFolder("spool")
        let spool = try TextSpool(in: folder.url.path)
        // About 3 MB in texts of varied lengths: several pieces of 1 MB, and texts across their edges.
        let texts = (0..<4_000).map { index in
            [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: index % 1_500) + [UInt8(truncatingIfNeeded: index >> 8)]
        }
        let ranges = try texts.map { try spool.append($0) }
        #expect(ranges.first?.lowerBound == 0)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        for index in texts.indices.shuffled() {
            var buffer: [UInt8] = [1, 2, 3]
            try spool.read(ranges[index], appendingTo: &buffer)
            #expect(buffer == [1, 2, 3] + texts[index])
        }
        // The spool has no name in the folder: nothing to clean up after a crash.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test("once loaded, texts come back exactly from the mapping, and a text added after from the file")
    func loaded() throws {
        let folder = try TemporaryFolder("spool")
        let spool = try TextSpool(in: folder.url.path)
        let texts = (0..<2_000).map { index in [UInt8](repeating: UInt8(truncatingIfNeeded: index * 7), count: 1 + index % 900) }
        let ranges = try texts.map { try spool.append($0) }
        try spool.load()
        let late = [UInt8]("written after the load".utf8)
        let lateRange = try spool.append(late)
        for index in texts.indices.shuffled() {
            var buffer: [UInt8] = [9]
            try spool.read(ranges[index], appendingTo: &buffer)
            #expect(buffer == [9] + texts[index])
        }
        var buffer: [UInt8] = []
        try spool.read(lateRange, appendingTo: &buffer)
        #expect(buffer == late)
    }

    @Test("an empty spool loads, and gives nothing")
    func emptyLoad() throws {
        let folder = try TemporaryFolder("spool")
        let spool = try TextSpool(in: folder.url.path)
        try spool.load()
        var buffer: [UInt8] = []
        try spool.read(0..<0, appendingTo: &buffer)
        #expect(buffer.isEmpty)
    }

    @Test("a folder where no file can be made is named in the error")
    func unwritableFolder() {
        #expect(throws: FeedError.self) { try TextSpool(in: "/nonexistent-folder/for-the-spool") }
        do {
            _ = try TextSpool(in: "/nonexistent-folder/for-the-spool")
        } catch {
            #expect("\(error)".contains("/nonexistent-folder/for-the-spool"))
        }
    }
}
