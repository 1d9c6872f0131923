import Basics

/// Reads the messages of an mbox file, one at a time, in memory bounded by the largest message
/// it keeps rather than by the file: a multi-gigabyte export is streamed.
///
/// The messages of an mbox are separated by `From ` lines (the postmark: `From sender date`).
/// Writers quote body lines that would look like one: mboxo writes `>From `, mboxrd adds a `>`
/// to any `>…>From ` line. Both are read by taking one `>` off every line that is `>`s followed by
/// `From `, which is exact for mboxrd and right for all but a body line that already began with
/// `>From ` in mboxo (the format cannot tell those apart).
///
/// A line is a separator only when it has the shape of a postmark (a time and a year after
/// `From `), so an unquoted `From here…` line in a body written by a careless program stays
/// in its message.
public struct MboxReader: Sendable {
    /// The largest message kept, in bytes; a larger one is handed over without its bytes, so that
    /// it can be reported, and reading goes on with the next.
    public var messageLimit: Int

    /// Creates a reader.
    public init(messageLimit: Int = 64 << 20) {
        self.messageLimit = messageLimit
    }

    /// Whether content (its first few kilobytes are enough) is an mbox file: a postmark line,
    /// then a header field.
    public static func isMbox(_ head: some Collection<UInt8>) -> Bool {
        let head = Array(head.prefix(4096))
        guard let end = head.firstIndex(of: UInt8(ascii: "\n")), isPostmark(head[..<end]) else { return false }
        let next = head[(end + 1)...]
        guard let colon = next.firstIndex(of: UInt8(ascii: ":")), colon > next.startIndex else { return false }
        return next[..<colon].allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// Reads every message of the file open at `descriptor`, from where it is to its end,
    /// handing each to `body` as soon as it is complete.
    ///
    /// - Throws: ``MboxError`` when the file cannot be read on; the messages before have been
    ///   handed over.
    public func read(descriptor: Int32, _ body: (MboxMessage) -> Void) throws(MboxError) {
        var splitter = Splitter(limit: messageLimit)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var carry: [UInt8] = []
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw MboxError(reason: String(cString: strerror(errno)).lowercased(), messagesRead: splitter.handedOver)
            }
            if count == 0 { break }
            chunk.withUnsafeBufferPointer { buffer in
                var start = 0
                let bytes = UnsafeBufferPointer(rebasing: buffer[..<count])
                while start < count {
                    guard let raw = memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), count - start) else {
                        carry.append(contentsOf: bytes[start...])
                        if carry.count >= 1 << 20 {
                            // A line longer than a chunk is taken in pieces, so that memory stays bounded.
                            carry.withUnsafeBufferPointer { splitter.take($0, continues: true) }.map(body)
                            carry.removeAll(keepingCapacity: true)
                        }
                        return
                    }
                    let end = bytes.baseAddress!.distance(to: raw.assumingMemoryBound(to: UInt8.self)) + 1
                    if carry.isEmpty {
                        splitter.take(UnsafeBufferPointer(rebasing: bytes[start..<end])).map(body)
                    } else {
                        carry.append(contentsOf: bytes[start..<end])
                        carry.withUnsafeBufferPointer { splitter.take($0) }.map(body)
                        carry.removeAll(keepingCapacity: carry.count < 1 << 20)
                    }
                    start = end
                }
            }
        }
        if !carry.isEmpty { carry.withUnsafeBufferPointer { splitter.take($0) }.map(body) }
        splitter.finish().map(body)
    }

    /// Reads every message of an mbox already in memory.
    public func read(_ bytes: [UInt8], _ body: (MboxMessage) -> Void) {
        var splitter = Splitter(limit: messageLimit)
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = (buffer[start...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count - 1) + 1
                splitter.take(UnsafeBufferPointer(rebasing: buffer[start..<end])).map(body)
                start = end
            }
        }
        splitter.finish().map(body)
    }

    /// Whether a line (without its line end) is a postmark: `From `, a sender, then a date with
    /// a time and a year (`From MAILER-DAEMON Thu Jan  1 00:00:00 2026`,
    /// `From 17293@xxx Wed Jan 07 10:00:00 +0000 2027`, `From - Sat Jan 01 00:00:00 2000`).
    static func isPostmark(_ line: some Collection<UInt8>) -> Bool {
        let line = Array(line.prefix(512))
        guard line.starts(with: Self.from), line.count > 5 + 10 else { return false }
        var sawTime = false
        var sawYear = false
        var digits = 0
        var index = 5
        while index < line.count {
            let byte = line[index]
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
            } else {
                if digits == 4 { sawYear = true }
                if byte == UInt8(ascii: ":") && digits == 2 && index + 2 < line.count
                    && (0x30...0x39).contains(line[index + 1]) && (0x30...0x39).contains(line[index + 2])
                {
                    sawTime = true
                }
                digits = 0
            }
            index += 1
        }
        if digits == 4 { sawYear = true }
        return sawTime && sawYear
    }

    static let from = Array("From ".utf8)

    /// The state of splitting lines into messages.
    private struct Splitter {
        let limit: Int
        var current: MboxMessage?
        var lastLineBlank = false
        var lineNumber = 0
        var handedOver = 0
        /// Whether the last piece taken was the start of a line that goes on.
        var midLine = false

        init(limit: Int) {
            self.limit = limit
        }

        /// One line, with its line end (the last line of a file may have none), or a piece of a
        /// long line that `continues`; the message it ends, if it is a separator.
        mutating func take(_ line: UnsafeBufferPointer<UInt8>, continues: Bool = false) -> MboxMessage? {
            let isContinuation = midLine
            midLine = continues
            if isContinuation {
                append(line)
                return nil
            }
            lineNumber += 1
            var content = line
            if content.last == UInt8(ascii: "\n") { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
            if content.last == UInt8(ascii: "\r") { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
            if content.first == UInt8(ascii: "F"), MboxReader.isPostmark(content) {
                let ended = finish()
                current = MboxMessage(ordinal: handedOver + 1, line: lineNumber, bytes: [], size: 0)
                lastLineBlank = false
                return ended
            }
            guard current != nil else { return nil }  // blank lines before the first message
            var kept = line
            if line.first == UInt8(ascii: ">") {
                let quotes = line.prefix { $0 == UInt8(ascii: ">") }.count
                if line.count >= quotes + 5, Array(line[quotes..<(quotes + 5)]) == MboxReader.from {
                    kept = UnsafeBufferPointer(rebasing: line.dropFirst())
                }
            }
            append(kept)
            lastLineBlank = content.isEmpty && !continues
            return nil
        }

        /// Adds bytes to the message under way, or counts them only once it is past the limit.
        private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard current != nil else { return }
            current!.size += bytes.count
            guard current!.bytes != nil else { return }
            if current!.size <= limit {
                current!.bytes!.append(contentsOf: bytes)
            } else {
                current!.messageID = MessageHeader.messageID(in: current!.bytes!)
                current!.bytes = nil
            }
        }

        /// Hands the message under way over, without the blank line that separates it from the next.
        mutating func finish() -> MboxMessage? {
            guard var message = current else { return nil }
            current = nil
            if lastLineBlank, let bytes = message.bytes {
                var cut = bytes.count
                if cut > 0, bytes[cut - 1] == UInt8(ascii: "\n") { cut -= 1 }
                if cut > 0, bytes[cut - 1] == UInt8(ascii: "\r") { cut -= 1 }
                message.bytes!.removeSubrange(cut...)
                message.size -= bytes.count - cut
            }
            if let bytes = message.bytes { message.messageID = MessageHeader.messageID(in: bytes) }
            handedOver += 1
            return message
        }
    }
}

/// read(2), under a name that the reader's own `read` methods do not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
