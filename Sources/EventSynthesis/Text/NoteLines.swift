/// The labelled lines of an event's notes, in order, leaving out what is not known.
struct NoteLines {
    /// Between a label and its value (`": "`, `" : "` in French, `"："` in Japanese).
    let separator: String
    private(set) var lines: [String] = []

    init(separator: String) {
        self.separator = separator
    }

    /// Adds `Label: value` when the value has text.
    mutating func add(_ label: String, _ value: String?) {
        guard let value = value.flatMap(Text.clean) else { return }
        lines.append(label + separator + value)
    }

    /// Adds a text of its own lines without a label (an organiser's description), its blank
    /// lines and trailing spaces left out, at most `limit` characters of it.
    mutating func addText(_ value: String?, limit: Int = 2000) {
        guard let value = Text.clean(value) else { return }
        let text = value.count > limit ? String(value.prefix(limit)) + "…" : value
        lines += text.split(whereSeparator: \.isNewline).compactMap { Text.clean(String($0)) }
    }

    /// Adds another set's lines after these.
    mutating func append(_ other: NoteLines) {
        lines += other.lines
    }

    /// The notes, or `nil` when there are none.
    var text: String? {
        guard let first = lines.first else { return nil }
        var text = first
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines.dropFirst() {
            text += "\n"
            text += line
        }
        return text
    }
}
