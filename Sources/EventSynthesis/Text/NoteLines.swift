/// The labelled lines of an event's notes, in order, leaving out what is not known.
struct NoteLines {
    /// Between a label and its value (`": "`, `" : "` in French, `"："` in Japanese).
    let separator: String
    /// Whether lines that identify a booking or a person are kept (``FeedView/full``): a
    /// reservation number, a seat, a name, a phone number, a link.
    let keepsPersonal: Bool
    private(set) var lines: [String] = []

    init(separator: String, keepsPersonal: Bool = true) {
        self.separator = separator
        self.keepsPersonal = keepsPersonal
    }

    /// Adds `Label: value` when the value has text and the notes keep what identifies a booking
    /// or a person (``keepsPersonal``).
    mutating func addPersonal(_ label: String, _ value: String?) {
        guard keepsPersonal else { return }
        add(label, value)
    }

    /// `value` where the notes keep what identifies a booking or a person, else `nil`: a phone
    /// number beside a name, a link at the end of a line.
    func personal(_ value: String?) -> String? {
        keepsPersonal ? value : nil
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

    /// Adds an organiser's text (``addText(_:limit:)``) where the notes keep what identifies a
    /// booking or a person: free text may hold anything.
    mutating func addPersonalText(_ value: String?) {
        guard keepsPersonal else { return }
        addText(value)
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
