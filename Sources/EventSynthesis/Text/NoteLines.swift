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
