import Diagnostics

// Names of 0.1 that changed, kept for one release so that code written against them still
// builds, with a warning that names the new one.

/// The old name of what ``Reservation/requirementProblems`` returns: a ``Diagnostics/Diagnostic``
/// with code ``Diagnostics/DiagnosticCode/missingRequired`` and the field it concerns.
@available(*, deprecated, renamed: "Diagnostic")
public typealias ReservationProblem = Diagnostic
