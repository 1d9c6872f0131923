import Foundation
import Reservations
import TestSupport
import Testing

@testable import ReservationImport

/// A large JSON-LD file is read from disk a batch of elements at a time, never whole: what it
/// gives must be what reading its bytes in memory gives, reservations and messages alike,
/// wherever the file breaks.
@Suite("Large JSON-LD files read a batch at a time")
struct LargeFileTests {
    /// Three batches of elements and a little more, of several kinds, one with a date that needs
    /// the whole document's evidence (`03/04/2031`), one per line or spread over several.
    private static func document(count: Int = 4_500) -> String {
        let kinds = [
            #"{"@context": "http://schema.org", "@type": "FoodEstablishmentReservation", "reservationId": "F%d", "startTime": "2030-06-26T19:30:00-07:00", "reservationFor": {"@type": "Restaurant", "name": "Café «%d»", "address": "1 Main St, Springfield, IL"}}"#,
            "{\"@context\": \"http://schema.org\",\n  \"@type\": \"FlightReservation\", \"reservationNumber\": \"A%d\",\n  \"reservationFor\": {\"@type\": \"Flight\", \"flightNumber\": \"%d\", \"airline\": {\"iataCode\": \"AY\"},\n    \"departureAirport\": {\"iataCode\": \"HEL\"}, \"arrivalAirport\": {\"iataCode\": \"CDG\"}, \"departureTime\": \"2031-01-15T07:00:00+02:00\"}}",
            #"{"@context": "http://schema.org", "@type": "LodgingReservation", "reservationId": "L%d", "checkinTime": "03/04/2031 15:00", "checkoutTime": "05/04/2031 11:00", "reservationFor": {"@type": "LodgingBusiness", "name": "Hotel 😀 %d", "address": {"addressLocality": "Lyon", "addressCountry": "FR"}}}"#,
        ]
        let elements = (0..<count).map { index in kinds[index % kinds.count].replacingOccurrences(of: "%d", with: String(index)) }
        return "\u{FEFF} \n[\n" + elements.joined(separator: ",\n") + "\n]\n"
    }

    @Test("a whole file gives what its bytes give in memory, every reservation with its line")
    func whole() throws {
        let file = try LargeInputFile(named: "big.jsonld")
        let bytes = Array(Self.document().utf8)
        let disk = try file.fromDisk(bytes)
        #expect(disk.reservations.count == 4_500)
        #expect(disk.reservations.last?.origin?.position != nil)
        #expect(disk.reservations.allSatisfy { $0.sourceTime != nil }, "the file's modification time, as for any file")
        LargeInputFile.expectSame(disk, try file.inMemory(bytes), "whole")
    }

    @Test("broken anywhere, it keeps the elements before the break and names the same place", arguments: [0.0, 0.1, 0.34, 0.5, 0.77, 0.999])
    func broken(at fraction: Double) throws {
        let file = try LargeInputFile(named: "big.jsonld")
        for (label, variant) in BrokenText.variants(of: Array(Self.document().utf8), at: fraction) {
            let disk = try file.fromDisk(variant)
            LargeInputFile.expectSame(disk, try file.inMemory(variant), label)
        }
    }

    @Test("a file that is one object, not an array, is read whole and the same")
    func object() throws {
        let file = try LargeInputFile(named: "big.jsonld")
        let bytes = Array(#"{"@context": "http://schema.org", "@graph": ["#.utf8) + Array(Self.document(count: 40).dropFirst(4).utf8) + Array("}".utf8)
        let disk = try file.fromDisk(bytes)
        #expect(disk.reservations.count == 40)
        LargeInputFile.expectSame(disk, try file.inMemory(bytes), "object")
    }

    @Test("small files, and large ones that are not JSON-LD, are read whole as before")
    func threshold() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("small.jsonld", Self.document(count: 10))
        #expect(ReservationImporter().read(.file(path)).reservations.count == 10)
        let native = try folder.write("native.json", #"{"reservations": []}"#)
        var importer = ReservationImporter()
        importer.largeFileSize = 0
        #expect(importer.read(.file(native)).diagnostics.isEmpty)
    }
}
