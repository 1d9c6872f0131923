@testable import Programs
import ReservationImport
import Testing

@Suite("Limits on inputs")
struct ImportLimitsTests {
    @Test("NAME=VALUE sets one limit; sizes take K, M or G")
    func assignments() throws {
        var limits = ImportLimits()
        try limits.set("file-size=512M")
        try limits.set("json-depth=64")
        try limits.set("field-length=2K")
        try limits.set("reservations=10")
        try limits.set("extractor-time=5")
        #expect(limits.fileSize == 512 << 20 && limits.jsonDepth == 64 && limits.fieldLength == 2048 && limits.reservations == 10)
        #expect(limits.extractorTime == 5)
        #expect(limits["mime-parts"] == 500)
        #expect(limits["extractor-time"] == 5)
        #expect(limits["no-such-limit"] == nil)
        #expect(ImportLimits.names.count == 11)
        #expect(limits["message-size"] == 64 << 20)
    }

    @Test("what cannot be understood says why", arguments: ["file-size", "colour=3", "json-depth=0", "json-depth=2K", "file-size=-1", "file-size=99999999999G"])
    func refused(_ assignment: String) {
        var limits = ImportLimits()
        #expect(throws: ImportLimitError.self) { try limits.set(assignment) }
        #expect(limits == ImportLimits())
    }

    @Test("sizes in messages", arguments: [(1024, "1 KB"), (256 << 20, "256 MB"), (1_337, "1.3 KB"), (300_000_000, "286.1 MB"), (999, "999 bytes")])
    func sizes(_ bytes: Int, _ text: String) {
        #expect(ImportLimits.describe(bytes: bytes) == text)
    }

    @Test("a JSON-LD string past field-length stops the array there, with its place; what came before is read")
    func fieldLength() {
        var reader = SchemaOrgReader(concurrency: 1)
        reader.limits.fieldLength = 40
        let json = #"[{"@type": "FoodEstablishmentReservation", "reservationNumber": "A1", "startTime": "2030-05-01T19:30:00+02:00", "reservationFor": {"@type": "Restaurant", "name": "A"}}, {"@type": "FoodEstablishmentReservation", "reservationNumber": "B2", "reservationFor": {"@type": "Restaurant", "name": "A name far longer than forty bytes, surely it is"}}]"#
        let result = reader.readJSONLD(Array(json.utf8), source: .file("page.jsonld"))
        #expect(result.reservations.map(\.reservation.reservationNumber) == ["A1"])
        #expect(result.diagnostics.map(\.description).contains { $0.contains("this string is longer than the limit of 40 bytes (limit field-length)") && $0.contains("line 1") })
    }

    @Test("native JSON nested past json-depth names the limit and where it was passed")
    func jsonDepth() {
        var reader = NativeJSONReader()
        reader.limits.jsonDepth = 3
        let result = reader.read(Array(#"{"reservations": [[[{}]]]}"#.utf8), source: .file("deep.json"))
        #expect(result.reservations.isEmpty)
        #expect(result.diagnostics.map(\.description) == ["deep.json: not valid JSON: arrays and objects are nested more than 3 deep (limit json-depth) (line 1, column 20)"])
    }

    @Test("more reservations than allowed: the first ones, and an error")
    func reservationCount() {
        var importer = ReservationImporter()
        importer.limits.reservations = 2
        let items = (1...3).map { #"{"@type": "FoodEstablishmentReservation", "reservationNumber": "R\#($0)", "startTime": "2030-05-01T19:30:00+02:00", "reservationFor": {"@type": "Restaurant", "name": "A"}}"# }
        let result = importer.read(Array("[\(items.joined(separator: ","))]".utf8), source: .file("many.jsonld"))
        #expect(result.reservations.count == 2)
        #expect(result.diagnostics.map(\.description) == ["many.jsonld: more than 2 reservations (limit reservations); the first 2 were read"])
    }
}
