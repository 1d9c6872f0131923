import Basics
import CLibical

/// Owns one libical component and frees it, unless a parent took it over.
///
/// Not `Sendable`: a libical component must be used from one thread at a time, so each
/// component lives inside the function that builds it.
final class LibicalComponent {
    let pointer: OpaquePointer
    private var isOwned = true

    init(_ kind: icalcomponent_kind) throws(ICalendarError) {
        guard let pointer = icalcomponent_new(kind) else {
            throw .libical("a component of kind \(kind.rawValue)")
        }
        self.pointer = pointer
    }

    /// Takes ownership of a component libical made, such as a clone.
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        if isOwned { icalcomponent_free(pointer) }
    }

    /// Adds a property, which the component then owns.
    func add(_ property: OpaquePointer) {
        icalcomponent_add_property(pointer, property)
    }

    /// Adds a child component, which this component then owns.
    func add(_ child: LibicalComponent) {
        icalcomponent_add_component(pointer, child.pointer)
        child.isOwned = false
    }

    /// The component as iCalendar text, as libical folds it (``ContentLines`` refolds it).
    func text() -> String {
        withText { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands the component's iCalendar text, as libical folds it, to `body` without copying it.
    func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let raw = icalcomponent_as_ical_string_r(pointer) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { free(raw) }
        return raw.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
            body(UnsafeBufferPointer(start: bytes, count: strlen(raw)))
        }
    }
}
