import Chrono
import Foundation
import Reservations
import TestSupport

/// Reservations for synthesis tests: the bundled examples, and quick builders.
enum Fixtures {
    /// The reservation in one of the bundled example files.
    static func example(_ name: String) throws -> Reservation {
        let data = try Data(contentsOf: Repository.url("Examples/trip/\(name)"))
        return try JSONDecoder().decode(ReservationDocument.self, from: data).reservations[0]
    }

    /// A reservation from native JSON text.
    static func reservation(_ json: String) throws -> Reservation {
        try JSONDecoder().decode(Reservation.self, from: Data(json.utf8))
    }

    static func time(_ text: String) -> DateTimeValue {
        try! DateTimeValue(iso8601: text)
    }
}
