import Foundation
import TestSupport
import Testing

@testable import ReservationImport

@Suite("Finding the input files")
struct InputDiscoveryTests {
    @Test("folders are read recursively in sorted order; hidden entries and unreadable kinds are passed over")
    func folders() throws {
        let folder = try TemporaryFolder("discovery")
        try folder.write("b.json", "[]")
        try folder.write("a.JSON", "[]")
        try folder.write("notes.txt", "hello")
        try folder.write("photo.jpg", "\u{FF}\u{D8}\u{FF}\u{E0}")
        try folder.write("Maildir/cur/1592.M1P2.host:2,S", "From: a@example.com\r\nSubject: booking\r\n\r\n<p>hi</p>")
        try folder.write("page.HTM", "<html></html>")
        try folder.write(".hidden.json", "[]")
        try folder.write(".git/config.json", "[]")
        try folder.write("sub/c.json", "[]")
        try folder.write("sub/deeper/d.json", "[]")
        let (sources, diagnostics) = try InputDiscovery().expand([folder.url.path])
        #expect(diagnostics.isEmpty)
        let root = folder.url.path
        #expect(sources == [
            .file("\(root)/Maildir/cur/1592.M1P2.host:2,S"), .file("\(root)/a.JSON"), .file("\(root)/b.json"),
            .file("\(root)/page.HTM"), .file("\(root)/sub/c.json"), .file("\(root)/sub/deeper/d.json"),
        ])
    }

    @Test("a file named on the command line is read whatever its extension, and only once")
    func files() throws {
        let folder = try TemporaryFolder("discovery")
        let file = try folder.write("booking.txt", "[]")
        let (sources, _) = try InputDiscovery().expand([file, file, "-"])
        #expect(sources == [.file(file), .standardInput])
    }

    @Test("a missing input stops everything, so nothing is written without it")
    func missing() {
        #expect(throws: InputError.notFound("/no/such/folder")) { try InputDiscovery().expand(["/no/such/folder"]) }
        #expect(InputError.notFound("x.json").description == "x.json: no such file or folder")
        #expect(throws: InputError.standardInputRepeated) { try InputDiscovery().expand(["-", "-"]) }
    }

    @Test("a symbolic link loop is followed once")
    func loop() throws {
        let folder = try TemporaryFolder("discovery")
        try folder.write("one/a.json", "[]")
        try FileManager.default.createSymbolicLink(atPath: folder.path("one/again"), withDestinationPath: folder.path("one"))
        let (sources, _) = try InputDiscovery().expand([folder.path("one")])
        #expect(sources == [.file(folder.path("one/a.json"))])
    }

    @Test("a file that cannot be read is reported by name and the rest is still read")
    func unreadable() throws {
        let folder = try TemporaryFolder("discovery")
        let good = try folder.write("good.json", #"{"type": "bus", "departure": {"time": "2030-06-19"}}"#)
        let directory = folder.path("sub")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let result = ReservationImporter().read([.file(directory), .file(good)])
        #expect(result.reservations.count == 1)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.description.hasPrefix("\(directory): cannot read the file: ") == true)
    }
}
