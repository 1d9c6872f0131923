import Basics

/// Finds the line and column of byte offsets in a text, in time linear in the text's size
/// whatever order the look-ups come in.
///
/// A cursor moves forward through the text, jumping from line break to line break with `memchr`
/// and counting characters only on the line it stops on. Every `stride` bytes or so it leaves a
/// checkpoint; a look-up before the cursor restarts from the nearest checkpoint before it. Readers
/// ask roughly in file order (an element, then its objects), so most look-ups only move the cursor.
package struct TextPositionLocator {
    private static let stride = 4096

    private let bytes: [UInt8]
    private var offset: Int
    private var line: Int
    private var column: Int
    /// Where the cursor has been, in increasing offset order: places to restart from.
    private var checkpoints: [(offset: Int, line: Int, column: Int)]

    package init(bytes: [UInt8]) {
        self.init(bytes: bytes, from: 0, at: TextPosition(line: 1, column: 1))
    }

    /// A locator for the part of `bytes` from `offset` on, whose position there is known.
    /// Look-ups before `offset` answer that position.
    package init(bytes: [UInt8], from offset: Int, at position: TextPosition) {
        self.bytes = bytes
        self.offset = offset
        line = position.line
        column = position.column
        checkpoints = [(offset, position.line, position.column)]
    }

    package mutating func position(of target: Int) -> TextPosition {
        let target = min(max(target, checkpoints[0].offset), bytes.count)
        if target < offset {
            // The last checkpoint at or before the target.
            var low = 0
            var high = checkpoints.count
            while low < high {
                let middle = (low + high) / 2
                if checkpoints[middle].offset <= target { low = middle + 1 } else { high = middle }
            }
            (offset, line, column) = checkpoints[max(low - 1, 0)]
        }
        var (offset, line, column) = (self.offset, self.line, self.column)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while offset < target, let found = memchr(base + offset, 0x0A, target - offset) {
                offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                line += 1
                column = 1
            }
            while offset < target {
                if buffer[offset] & 0xC0 != 0x80 { column += 1 }
                offset += 1
            }
        }
        (self.offset, self.line, self.column) = (offset, line, column)
        if offset - checkpoints[checkpoints.count - 1].offset >= Self.stride {
            checkpoints.append((offset, line, column))
        }
        return TextPosition(line: line, column: column)
    }
}
