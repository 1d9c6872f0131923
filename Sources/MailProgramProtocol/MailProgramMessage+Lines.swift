extension MailProgramMessage {
    /// The messages in the bytes the mail program wrote, as they come, whatever the pieces they
    /// come in: bytes are appended, whole lines taken.
    public struct Lines: Sendable {
        private var pending: [UInt8] = []

        /// Ready to take bytes.
        public init() {}

        /// Adds bytes the program wrote.
        public mutating func append(_ bytes: UnsafeRawBufferPointer) {
            pending += bytes
        }

        /// The next whole line's message, or `nil` when no whole line is left. A line that is no
        /// message (the two programs come from one build, so only a broken one writes such a
        /// line) is passed over.
        public mutating func next() -> MailProgramMessage? {
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                if let message = try? MailProgramMessage(line: line) { return message }
            }
            return nil
        }
    }
}
