import Basics
import Chrono
import Diagnostics
import Foundation
import ReservationImport
import TestSupport
import Testing

@Suite("Reading files")
struct FileContentsTests {
    @Test("a file's bytes and modification time; empty files; large files read whole")
    func files() throws {
        let folder = try TemporaryFolder("contents")
        let small = try folder.write("small.json", "{\"a\": 1}\n")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: small)
        let contents = try FileContents(path: small)
        #expect(contents.bytes == Array("{\"a\": 1}\n".utf8))
        #expect(contents.modified == Instant(secondsSinceEpoch: 1_700_000_000))
        #expect(try FileContents(path: try folder.write("empty.json", "")).bytes.isEmpty)
        let large = String(repeating: "0123456789abcdef", count: 200_000)  // 3.2 MB, past the first read's room
        #expect(try FileContents(path: try folder.write("large.json", large)).bytes == Array(large.utf8))
    }

    @Test("missing files and folders give the system's reason")
    func failures() throws {
        let folder = try TemporaryFolder("contents")
        #expect(throws: FileReadError(.system("no such file or directory"))) {
            try FileContents(path: folder.path("missing.json"))
        }
        #expect(throws: FileReadError(.folder)) { try FileContents(path: folder.url.path) }
        let large = try folder.write("large.json", String(repeating: " ", count: 2048))
        let error = #expect(throws: FileReadError.self) { try FileContents(path: large, limit: 1024) }
        #expect(error == FileReadError(.tooLarge(size: 2048, limit: 1024)))
        #expect(error?.description == "it is 2 KB, more than the limit of 1 KB (limit file-size)")
        #expect(error.map { DiagnosticWording { "--\($0.option) \($0.value ?? "")" }.text(of: $0) } == "it is 2 KB, more than the limit of 1 KB (--limit file-size)")
    }
}
