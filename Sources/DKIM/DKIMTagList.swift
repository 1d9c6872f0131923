/// The tags of a DKIM-Signature field's value (RFC 6376, section 3.2: `v=1; a=rsa-sha256;
/// d=united.com; …`), read the way libopendkim reads them: white space (folding included) is
/// dropped from names and values, and a tag given twice keeps its last value.
///
/// The verifier reads a few tags itself before libopendkim sees the message: the signing domain
/// and the signature's times, which it judges against the time it was given.
struct DKIMTagList: Sendable, Hashable {
    /// The values by tag name (`d`, `t`), white space removed.
    var values: [String: String]

    /// Reads a tag list; text that is not one gives the tags that could be read.
    init(_ text: some StringProtocol) {
        var values: [String: String] = [:]
        for spec in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = spec.firstIndex(of: "=") else { continue }
            let name = String(spec[..<equals].filter { !$0.isWhitespace })
            guard !name.isEmpty else { continue }
            values[name] = String(spec[spec.index(after: equals)...].filter { !$0.isWhitespace })
        }
        self.values = values
    }

    /// The value of a tag, if the list has it.
    subscript(_ name: String) -> String? { values[name] }
}
