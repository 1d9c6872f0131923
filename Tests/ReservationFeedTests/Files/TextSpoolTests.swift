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
