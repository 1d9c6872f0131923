/// Finds the line and column of byte offsets in a text, cheaply when asked in increasing order.
///
/// A reader reports positions in file order, so keeping a cursor makes a whole file's worth of
/// look-ups linear, even for a minified file that is one long line.
struct TextPositionLocator {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func position(of target: Int) -> TextPosition {
        let target = min(max(target, 0), bytes.count)
        if target < offset {
            offset = 0
            line = 1
            column = 1
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
