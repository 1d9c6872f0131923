/// The two ways a DKIM signature may canonicalize a body (RFC 6376, sections 3.4.3 and 3.4.4),
/// for the one thing libopendkim does not tell: how long the whole canonical body is. It counts
/// only the bytes it hashed, which stop at the body-length tag (`l=`), so whether `l=` reaches
/// the end of the body is found here.
enum BodyCanonicalization: Sendable, Hashable {
    /// `simple`: the body as it is, less empty lines at its end, ending in one CRLF (a CRLF alone
    /// for an empty body).
    case simple
    /// `relaxed`: white space at the ends of lines dropped and runs of it within them made one
    /// space, then empty lines at the end dropped; an empty body stays empty.
    case relaxed

    /// The length in bytes of the canonical form of `body` (lines ending in CRLF).
    func length(of body: [UInt8]) -> Int {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        // The lines, each without its CRLF; a last line without one counts as a line too (a CRLF is
        // added to it, as section 3.4.3 has it).
        var lines: [ArraySlice<UInt8>] = []
        var start = body.startIndex
        var index = body.startIndex
        while index < body.endIndex {
            if body[index] == cr, index + 1 < body.endIndex, body[index + 1] == lf {
                lines.append(body[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        if start < body.endIndex { lines.append(body[start...]) }

        let lengths: [Int]
        switch self {
        case .simple: lengths = lines.map(\.count)
        case .relaxed: lengths = lines.map(Self.relaxedLength)
        }
        // Empty lines at the end count for nothing.
        guard let last = lengths.lastIndex(where: { $0 > 0 }) else { return self == .simple ? 2 : 0 }
        return lengths[...last].reduce(0) { $0 + $1 + 2 }
    }

    /// The length of one line under `relaxed`: each run of spaces and tabs one space, none at the end.
    private static func relaxedLength(_ line: ArraySlice<UInt8>) -> Int {
        var length = 0
        var pendingSpace = false
        for byte in line {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                pendingSpace = true
            } else {
                if pendingSpace { length += 1 }
                pendingSpace = false
                length += 1
            }
        }
        return length
    }
}
