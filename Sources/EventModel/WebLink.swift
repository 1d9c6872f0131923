/// Which links a feed or a page may carry: `http`, `https` and `mailto`.
///
/// A calendar client or a browser opens a link when it is clicked. A `javascript:` link runs what
/// a stranger wrote, a `data:` link shows a page of theirs under no address, a `file:` link opens
/// the reader's own files: only the web's and mail's are kept, and a link without a scheme (which
/// nothing resolves in a calendar) is not a link either.
public enum WebLink {
    /// The schemes kept, in lower case.
    static let schemes: Set<String> = ["http", "https", "mailto"]

    /// Whether `text` is a link of one of ``schemes``, read as browsers read it: tabs and line
    /// breaks anywhere, and control characters and spaces at either end, do not count
    /// (` java\tscript:` is `javascript:`); the scheme is compared without regard to case.
    public static func isKept(_ text: String) -> Bool {
        var scheme: [UInt8] = []
        var started = false
        for byte in text.utf8 {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if !started, byte <= 0x20 { continue }
            started = true
            if byte == UInt8(ascii: ":") { return schemes.contains(String(decoding: scheme, as: UTF8.self)) }
            let lower = byte | 0x20
            let isLetter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            let isOther = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            guard isLetter || (!scheme.isEmpty && isOther), scheme.count < 16 else { return false }
            scheme.append(isLetter ? lower : byte)
        }
        return false
    }
}
