/// Finds the line and column of byte offsets in a text, in time linear in the text's size
/// whatever order the look-ups come in.
///
/// A cursor moves forward through the text; every `stride` bytes it passes, it remembers the line
/// and column there. A look-up before the cursor restarts from the nearest remembered place, so
/// it rescans at most `stride` bytes, even in a minified file that is one long line. Readers ask
/// roughly in file order (an object, then its members), so most look-ups only move the cursor.
struct TextPositionLocator {
    private static let stride = 4096

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1
    /// Where the look-ups start, and the line and column at every `stride` bytes from there
    /// that the cursor has passed.
    private var base = 0
    private var checkpoints: [(line: Int, column: Int)] = [(1, 1)]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A locator for the part of `bytes` from `offset` on, whose position there is known.
    /// Look-ups before `offset` answer that position.
    init(bytes: [UInt8], from offset: Int, at position: TextPosition) {
        self.bytes = bytes
        self.offset = offset
        line = position.line
        column = position.column
        base = offset
        checkpoints = [(position.line, position.column)]
    }

    mutating func position(of target: Int) -> TextPosition {
        let target = min(max(target, base), bytes.count)
        if target < offset {
            let index = (target - base) / Self.stride
            offset = base + index * Self.stride
            (line, column) = checkpoints[index]
        }
        var (offset, line, column) = (self.offset, self.line, self.column)
        let base = self.base
        bytes.withUnsafeBufferPointer { bytes in
            while offset < target {
                let byte = bytes[offset]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                offset += 1
                if (offset - base) % Self.stride == 0, (offset - base) / Self.stride == checkpoints.count {
                    checkpoints.append((line, column))
                }
            }
        }
        (self.offset, self.line, self.column) = (offset, line, column)
        return TextPosition(line: line, column: column)
    }
}
