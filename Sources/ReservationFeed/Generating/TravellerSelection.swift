import Diagnostics
import ReservationImport
import Reservations

/// The bookings of some people only (``FeedOptions/travellers``, `--traveller`): those whose
/// holder or any traveller is one of them, matched as names are written (``PersonName``). A
/// booking that names nobody is kept: whose it is cannot be told, and leaving it out would lose
/// what may be everyone's (a table, a stay booked without a name).
package struct TravellerSelection {
    /// The people wanted, as given and as matched.
    private let wanted: [(text: String, name: PersonName)]

    /// The selection of `names`; `nil` when there are none (everyone's bookings). A text that is
    /// no name (titles and punctuation alone) selects nothing.
    package init?(_ names: [String]) {
        guard !names.isEmpty else { return nil }
        wanted = names.compactMap { text in PersonName(text).map { (text, $0) } }
    }

    /// A name as a warning quotes it: at most 60 characters, its own quotes escaped so that it
    /// cannot end the list early. (Control characters are the diagnostic's to take out:
    /// ``Diagnostics/Diagnostic/oneLine(_:)``.)
    static func shown(_ name: String) -> String {
        let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return quoted.count > 60 ? quoted.prefix(59) + "…" : quoted
    }

    /// The names a reservation is for: its holder's and its travellers'.
    private static func names(of reservation: Reservation) -> [PersonName] {
        ([reservation.holderName].compactMap { $0 } + reservation.travellers).compactMap(PersonName.init)
    }

    /// Leaves in `result` (and in `keys`, which go with its reservations) only the bookings of the
    /// people wanted, and those that name nobody; each wanted name that matches no booking is
    /// said once, with the names the bookings do have.
    package func select(_ result: inout ImportResult, keys: inout [String?], report: (Diagnostic) -> Void) {
        var matched = Array(repeating: false, count: wanted.count)
        var others: Set<String> = []
        // What unverified mail says (`withheld`) is filtered too, but neither answers for a
        // wanted name nor tells the names there are.
        func keeps(_ reservation: Reservation, counted: Bool = true) -> Bool {
            let names = Self.names(of: reservation)
            guard !names.isEmpty else { return true }
            var kept = false
            for (index, person) in wanted.enumerated() where names.contains(where: { $0.matches(person.name) }) {
                if counted { matched[index] = true }
                kept = true
            }
            if counted, others.count < 50 {
                others.formUnion([reservation.holderName].compactMap { $0 } + reservation.travellers)
            }
            return kept
        }
        var kept: [ImportedReservation] = []
        var keptKeys: [String?] = []
        for (reservation, key) in zip(result.reservations, keys) where keeps(reservation.reservation) {
            kept.append(reservation)
            keptKeys.append(key)
        }
        result.reservations = kept
        keys = keptKeys
        result.withheld.removeAll { !keeps($0.reservation, counted: false) }
        for (index, person) in wanted.enumerated() where !matched[index] {
            let names = PersonName.distinct(others.sorted())
            let known = names.isEmpty ? "" : "; the bookings name \(names.prefix(8).map { "\"\(Self.shown($0))\"" }.joined(separator: ", "))\(names.count > 8 ? " and others" : "")"
            let diagnostic = Diagnostic(
                .warning, .travellerUnmatched,
                "\(setting: Setting("traveller", "\"\(Self.shown(person.text))\"")) matches no booking\(known)")
            report(diagnostic)
            result.diagnostics.append(diagnostic)
        }
    }
}
