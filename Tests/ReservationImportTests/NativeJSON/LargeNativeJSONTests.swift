import Chrono
import Foundation
import Reservations
import TestSupport
import Testing

@testable import ReservationImport

/// A large native JSON file is read from disk a batch of reservations at a time, never whole:
/// what it gives must be what reading its bytes in memory gives, reservations and messages alike,
/// whatever is wrong with it and wherever.
@Suite("Large native JSON files read a batch at a time")
struct LargeNativeJSONTests {
    /// Three batches of reservations and a little more, of several kinds: one with a field this
    /// version does not know, one spread over several lines, one whose dates need the whole
    /// document's evidence (`03/04/2031`), one with a check-in alone, one with a field of the
    /// wrong type (reported and skipped), and an element that is not an object at all (likewise).
    private static func elements(count: Int = 4_500) -> [String] {
        let kinds = [
            #"{"type": "restaurant", "reservationNumber": "R%d", "status": "confirmed", "place": {"name": "Café «%d»", "address": {"city": "Springfield", "region": "IL", "countryCode": "US"}}, "startTime": "2030-06-26T19:30:00-07:00", "partySize": 2, "unknownField": true}"#,
            "{\"type\": \"flight\", \"reservationNumber\": \"A%d\", \"status\": \"confirmed\",\n  \"airline\": {\"iataCode\": \"AY\"}, \"flightNumber\": \"%d\",\n  \"departure\": {\"airport\": {\"iataCode\": \"HEL\"}, \"time\": \"2031-01-15T07:00:00+02:00\"},\n  \"arrival\": {\"airport\": {\"iataCode\": \"CDG\"}, \"time\": \"2031-01-15T09:00:00+01:00\"}}",
            #"{"type": "lodging", "reservationNumber": "L%d", "place": {"name": "Hotel 😀 %d", "address": {"city": "Lyon", "countryCode": "FR"}}, "checkInTime": "03/04/2031 15:00", "checkOutTime": "05/04/2031 11:00"}"#,
            #"{"type": "lodging", "reservationNumber": "M%d", "checkInTime": "2031-04-03T15:00:00+02:00"}"#,
            #"{"type": "restaurant", "reservationNumber": "N%d", "partySize": "many", "startTime": "2030-06-26T19:30:00-07:00", "place": {"name": "Bistro %d"}}"#,
            "42",
        ]
        return (0..<count).map { index in kinds[index % kinds.count].replacingOccurrences(of: "%d", with: String(index)) }
    }

    /// `{"reservations": [...]}`, with other members before and after it, and a byte order mark.
    private static func document(count: Int = 4_500) -> String {
        "\u{FEFF} \n{\"generator\": {\"name\": \"an app\", \"version\": [1, 2]},\n \"reservations\": [\n"
            + elements(count: count).joined(separator: ",\n") + "\n],\n \"exported\": \"2030-01-01\"}\n"
    }

    @Test("a whole file gives what its bytes give in memory: every reservation, every message, every line")
    func whole() throws {
        let file = try LargeInputFile(named: "big.json")
        let bytes = Array(Self.document().utf8)
        let disk = try file.fromDisk(bytes)
        #expect(disk.reservations.count == 3_000)
        #expect(disk.diagnostics.count >= 2_250, "the skipped and wrong ones, and the dates read by the document's evidence")
        #expect(disk.reservations.last?.origin?.position?.line ?? 0 > 4_000)
        LargeInputFile.expectSame(disk, try file.inMemory(bytes), "whole")
    }

    @Test("a bare array of reservations is read in batches as well, and the same")
    func bareArray() throws {
        let file = try LargeInputFile(named: "big.json")
        let bytes = Array(("[\n" + Self.elements().joined(separator: ",\n") + "\n]\n").utf8)
        let disk = try file.fromDisk(bytes)
        #expect(disk.reservations.count == 3_000)
        LargeInputFile.expectSame(disk, try file.inMemory(bytes), "bare array")
    }

    @Test("broken anywhere, it says exactly what reading it whole says", arguments: [0.0, 0.1, 0.34, 0.5, 0.77, 0.999])
    func broken(at fraction: Double) throws {
        let file = try LargeInputFile(named: "big.json")
        let variants = BrokenText.variants(of: Array(Self.document().utf8), at: fraction) + [
            ("a trailing comma", Array(#"{"reservations": [{"type": "lodging"},]}"#.utf8)),
            ("two lists", Array(#"{"reservations": [], "reservations": [{"type": "lodging"}]}"#.utf8)),
        ]
        for (label, variant) in variants {
            let disk = try file.fromDisk(variant)
            LargeInputFile.expectSame(disk, try file.inMemory(variant), label)
        }
    }

    @Test("other shapes (one reservation, a list that is not one) are read whole and the same")
    func otherShapes() throws {
        let file = try LargeInputFile(named: "big.json")
        for text in [
            #"{"type": "lodging", "reservationNumber": "L1", "checkInTime": "2031-04-03", "checkOutTime": "2031-04-05", "place": {"name": "Hotel"}}"#,
            #"{"reservations": {"type": "lodging"}}"#, #"{"bookings": []}"#, "[]", #"{"reservations": []}"#,
        ] {
            let bytes = Array(text.utf8)
            LargeInputFile.expectSame(try file.fromDisk(bytes), try file.inMemory(bytes), text)
        }
    }
}
