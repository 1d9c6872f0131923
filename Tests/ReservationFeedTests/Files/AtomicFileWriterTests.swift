import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

@Suite("Files replaced in one step")
struct AtomicFileWriterTests {
    private func mode(_ path: String) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test("a new file gets 0644 less the umask, a replaced one too (no mode is taken from the old file), and asked-for permissions are exact")
    func permissions() throws {
        let folder = try TemporaryFolder("atomic-permissions")
        let path = folder.path("file.txt")
        try AtomicFileWriter.replace(path) { write in try write(Array("one\n".utf8)) }
        #expect(try mode(path) == 0o644)
        chmod(path, 0o4755)
        try AtomicFileWriter.replace(path) { write in try write(Array("two\n".utf8)) }
        #expect(try mode(path) == 0o644)
        try AtomicFileWriter.replace(path, permissions: 0o600) { write in try write(Array("three\n".utf8)) }
        #expect(try mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "three\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["file.txt"])
    }

    @Test("a failure while producing leaves the old file as it was, and no temporary file")
    func failureKeepsOldFile() throws {
        struct Interrupted: Error {}
        let folder = try TemporaryFolder("atomic-failure")
        let path = folder.path("file.txt")
        try AtomicFileWriter.replace(path) { write in try write(Array("kept\n".utf8)) }
        #expect(throws: Interrupted.self) {
            try AtomicFileWriter.replace(path, permissions: 0o600) { write in
                try write(Array("half".utf8))
                throw Interrupted()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
        #expect(try mode(path) == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["file.txt"])
    }

    @Test("a file larger than the step at which its writing to disk is started is written whole, in order, and replaced complete")
    func largeFile() throws {
        let folder = try TemporaryFolder("atomic-large")
        let path = folder.path("large.bin")
        try AtomicFileWriter.replace(path) { write in try write(Array("old\n".utf8)) }
        // Chunks of different sizes from different places of a random pattern, several steps' worth.
        var generator = SeededGenerator(seed: 37)
        let pattern = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var expected: [UInt8] = []
        try AtomicFileWriter.replace(path) { write in
            while expected.count < 3 * AtomicFileWriter.writebackStep + 12_345 {
                let start = Int.random(in: 0..<pattern.count, using: &generator)
                let chunk = Array(pattern[start..<Int.random(in: start...pattern.count, using: &generator)])
                try write(chunk)
                expected += chunk
            }
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written.count == expected.count)
        #expect(written == Data(expected))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["large.bin"])
    }
}
