/// The first eight bytes of a UID as one number, which orders as the UIDs do wherever it tells
/// them apart: sorting 100,000 events by start and UID then seldom reads a UID itself.
///
/// Swift orders strings by their Unicode scalars once normalised (NFC). UTF-8 bytes order as their
/// scalars do, and ASCII text is its own normal form, except that a combining mark after a letter
/// may join it (`e` and U+0301 become `é`, which orders after `f`). So a prefix is kept only when
/// its eight bytes and the byte after them are ASCII (or the UID is shorter): then where two
/// prefixes first differ, both UIDs have an ASCII character that no mark follows.
struct UIDPrefix {
    /// The first eight bytes, the first in the highest byte, zeros after a shorter UID; `nil`
    /// when they may not order as the UID does.
    private let value: UInt64?

    init(_ uid: String) {
        var value: UInt64 = 0
        var count = 0
        for byte in uid.utf8 {
            guard byte < 0x80 else {
                self.value = nil
                return
            }
            if count == 8 { break }
            value |= UInt64(byte) << (56 - 8 * count)
            count += 1
        }
        self.value = value
    }

    /// Whether the UID of this prefix orders before the other's, when the prefixes tell; `nil`
    /// when only the UIDs themselves can (equal prefixes, or prefixes not kept).
    func precedes(_ other: UIDPrefix) -> Bool? {
        guard let value, let otherValue = other.value, value != otherValue else { return nil }
        return value < otherValue
    }
}
