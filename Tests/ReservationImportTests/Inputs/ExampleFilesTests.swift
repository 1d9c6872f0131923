import Reservations
import TestSupport
import Testing

@testable import ReservationImport

@Suite("Bundled examples")
struct ExampleFilesTests {
    @Test("the trip example reads without a message and covers all eight categories")
    func trip() throws {
        let (sources, listing) = try InputDiscovery().expand([Repository.url("Examples/trip").path])
        #expect(listing.isEmpty)
        let result = ReservationImporter().read(sources)
        #expect(result.diagnostics.map(\.description) == [])
        #expect(Set(result.reservations.map(\.reservation.category)) == Set(ReservationCategory.allCases))
        #expect(result.reservations.count == 8)
    }
}
