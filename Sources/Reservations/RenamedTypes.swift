import Diagnostics

// Names of 0.1 that changed, kept for one release so that code written against them still
// builds, with a warning that names the new one.

/// The old name of what ``Reservation/requirementProblems`` returns: a ``Diagnostics/Diagnostic``
/// with code ``Diagnostics/DiagnosticCode/missingRequired`` and the field it concerns.
@available(*, deprecated, renamed: "Diagnostic")
public typealias ReservationProblem = Diagnostic

extension ImportedReservation {
    /// The place of one of the reservation's fields, named by its native JSON path as text.
    @available(*, deprecated, message: "use origin(of:) with a FieldPath constant, such as .departureTime")
    public func location(of field: String) -> Origin {
        let path = Self.locatedFields.first { $0.description == field }
        let base = origin ?? Origin(file: "")
        return path.map { base.appending($0, position: fieldPositions[$0]) } ?? base.appending(path: field)
    }
}
