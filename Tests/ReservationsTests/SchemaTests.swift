import Foundation
import TestSupport
import Testing

@testable import Reservations

@Suite("The JSON Schema in docs/ matches the model")
struct SchemaTests {
    @Test("the examples and everything the encoder writes conform")
    func conforming() throws {
        let folder = try TemporaryFolder("schema")
        let encoded = folder.url.appendingPathComponent("samples.json")
        try JSONEncoder().encode(ReservationDocument(reservations: SampleReservations.all)).write(to: encoded)
        let examples = try FileManager.default.contentsOfDirectory(atPath: Repository.url("Examples/trip").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { Repository.url("Examples/trip/\($0)").path }
        #expect(examples.count == 8)
        let verdict = try JSONSchemaChecker.check(examples + [encoded.path])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("broken documents are refused at the right places")
    func refusing() throws {
        let folder = try TemporaryFolder("schema")
        let broken = try folder.write(
            "broken.json",
            #"{"reservations": [{"type": "flight", "departure": {}}, {"type": "restaurant", "startTime": "25/12"}, {"type": "taxi"}, {"type": "lodging", "checkInTime": "2030-06-16", "numberOfAdults": -1}]}"#)
        let verdict = try JSONSchemaChecker.check([broken])
        #expect(!verdict.passed)
        for path in [".reservations[0].departure", ".reservations[1].startTime", ".reservations[2].type", ".reservations[3].numberOfAdults"] {
            #expect(verdict.report.contains("  \(path): "), "\(path) not reported in \(verdict.report)")
        }
    }
}
