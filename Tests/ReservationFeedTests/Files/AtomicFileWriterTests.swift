import Foundation
import TestSupport
import Testing

@testable import ReservationFeed

@Suite("Files replaced in one step")
struct AtomicFileWriterTests {
    private func mode(_ path: String) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test("a new file gets 0644, a replaced one keeps its mode, and asked-for permissions win over both")
    func permissions() throws {
        let folder = try TemporaryFolder("atomic-permissions")
        let path = folder.path("file.txt")
        try AtomicFileWriter.replace(path) { write in try write(Array("one\n".utf8)) }
        #expect(try mode(path) == 0o644)
        chmod(path, 0o640)
        try AtomicFileWriter.replace(path) { write in try write(Array("two\n".utf8)) }
        #expect(try mode(path) == 0o640)
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
}
