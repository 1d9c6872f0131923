#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension MailProgramMessage {
    /// Reads the messages the mail program writes to `descriptor` (the reading end of its
    /// standard output) as they come, until it closes, calling `each` with every one.
    ///
    /// A line that is no message (the two programs come from one build, so only a broken one
    /// writes such a line) is passed over.
    public static func read(from descriptor: Int32, each: (MailProgramMessage) -> Void) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[..<count]
            while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                if let message = try? MailProgramMessage(line: line) { each(message) }
            }
        }
    }
}
