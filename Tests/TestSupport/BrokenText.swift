/// A text broken at one place in the ways a file breaks: cut short there, with a stray closing
/// brace, and with a byte that is not UTF-8; for tests that what a reader says of a broken file
/// does not depend on how it was read.
public enum BrokenText {
    /// The broken versions of `bytes` at `fraction` of their length, each with what was done.
    public static func variants(of bytes: [UInt8], at fraction: Double) -> [(label: String, bytes: [UInt8])] {
        let cut = Int(Double(bytes.count) * fraction)
        return [
            ("cut at \(cut)", Array(bytes[..<cut])),
            ("a stray brace at \(cut)", Array(bytes[..<cut]) + [UInt8(ascii: "}")] + Array(bytes[cut...])),
            ("an invalid byte at \(cut)", Array(bytes[..<cut]) + [0xFF] + Array(bytes[cut...])),
        ]
    }
}
