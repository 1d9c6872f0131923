import Diagnostics

// Names of 0.1 that changed when diagnostics got a module of their own, kept for one release so
// that code written against them still builds, with a warning that names the new one.

/// The old name of what synthesis says about a reservation: a ``Diagnostics/Diagnostic`` with the
/// field it concerns and no origin.
@available(*, deprecated, renamed: "Diagnostic")
public typealias SynthesisMessage = Diagnostic
