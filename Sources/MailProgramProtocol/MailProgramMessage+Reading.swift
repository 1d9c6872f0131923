import Basics

extension MailProgramMessage {
    /// Reads the messages the mail program writes to `descriptor` (the reading end of its
    /// standard output) as they come, until it closes, calling `each` with every one.
    ///
    /// Lines are taken as ``Lines`` takes them.
    public static func read(from descriptor: Int32, each: (MailProgramMessage) -> Void) {
        var lines = Lines()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            while let message = lines.next() { each(message) }
        }
    }
}

/// `read(2)`, under a name the message's own `read(from:each:)` does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
