/// A value that a newer account of the same thing can be laid over, field by field: what the
/// newer one gives replaces what the older said, and what it leaves out is kept.
///
/// Values inside values are laid over each other in turn (a newer address with only a postal
/// code keeps the street), lists and single values are replaced whole. ``Reservation``
/// conforms, with everything it holds.
public protocol Overlaying {
    /// `self` with every field `newer` gives replaced by it.
    func overlaid(with newer: Self) -> Self
}

extension Optional where Wrapped: Overlaying {
    /// Both values laid over each other when both are there, else whichever is.
    public func overlaid(with newer: Self) -> Self {
        guard let older = self, let newer else { return newer ?? self }
        return older.overlaid(with: newer)
    }
}
