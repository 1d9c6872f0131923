/// Finds the line and column of byte offsets in a text, cheaply when asked in increasing order.
///
/// A reader reports positions in file order, so keeping a cursor makes a whole file's worth of
/// look-ups linear, even for a minified file that is one long line.
struct TextPositionLocator {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1
    /// A place to go back to for an earlier offset, instead of the start of the file.
    private var checkpoint = (offset: 0, line: 1, column: 1)

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Remembers the current position of `target` as the place to rescan from when a later
    /// look-up goes back before the cursor (the fields of one reservation come in any order).
    mutating func setCheckpoint(at target: Int) {
        _ = position(of: target)
        checkpoint = (offset, line, column)
    }

    mutating func position(of target: Int) -> TextPosition {
        let target = min(max(target, 0), bytes.count)
        if target < offset {
            (offset, line, column) = target >= checkpoint.offset ? checkpoint : (0, 1, 1)
        }
        while offset < target {
            let byte = bytes[offset]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return TextPosition(line: line, column: column)
    }
}
