import Foundation
import TestSupport

/// Many distinct reservations of all eight categories, made from the bundled trip: copy `k` of
/// each example has its own reservation number and lies in another month and year.
enum SyntheticTrips {
    /// The example reservations, one JSON object text each.
    static let examples: [String] = {
        let folder = Repository.url("Examples/trip")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
        return files.flatMap { file -> [String] in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
                let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let reservations = document["reservations"] as? [Any]
            else { return [] }
            return reservations.compactMap { reservation in
                (try? JSONSerialization.data(withJSONObject: reservation, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }()

    /// Copy `k` of the examples, moved in time: `variant` moves it by one hour more, as a
    /// booking that changed.
    static func copy(_ k: Int, variant: Bool = false) -> [String] {
        let year = 2031 + (k / 12) % 40
        let month = String(format: "%02d", 1 + k % 12)
        return examples.map { text in
            var text = text.replacingOccurrences(of: "\"2030-06-", with: "\"\(year)-\(month)-")
            for field in ["reservationNumber", "itemReference"] {
                text = text.replacingOccurrences(
                    of: "\"\(field)\":\"([^\"]*)\"", with: "\"\(field)\":\"$1-\(k)\"", options: .regularExpression)
            }
            if variant { text = text.replacingOccurrences(of: "T1", with: "T0") }
            return text
        }
    }

    /// A native JSON document of `copies` copies of the trip; those whose number is in
    /// `changed` are moved (see ``copy(_:variant:)``).
    static func document(copies: Int, changed: Set<Int> = []) -> String {
        let elements = (0..<copies).flatMap { copy($0, variant: changed.contains($0)) }
        return "{\"reservations\": [\n" + elements.joined(separator: ",\n") + "\n]}\n"
    }
}
