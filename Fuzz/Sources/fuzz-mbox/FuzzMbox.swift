import FuzzSupport
import ReservationFeed

#if canImport(Glibc)
    import Glibc
#endif

// An mbox export: split into messages in memory and as a stream from a file descriptor, which
// must agree message for message; then each message read as an e-mail.
@main
enum FuzzMbox {
    static func main() {
        FuzzRun.runDriver(test)
    }

    /// Small enough that some fuzzed messages are too large to keep.
    static let reader = MboxReader(messageLimit: 4096)

    static let test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        guard let data else { return 0 }
        let bytes = FuzzRun.bytes(data, size)
        var inMemory: [MboxMessage] = []
        reader.read(bytes) { inMemory.append($0) }
        var streamed: [MboxMessage] = []
        guard let file = tmpfile() else { fatalError("no temporary file") }
        defer { fclose(file) }
        let descriptor = fileno(file)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count, lseek(descriptor, 0, SEEK_SET) == 0 else {
            fatalError("the input could not be written to memory")
        }
        do {
            try reader.read(descriptor: descriptor) { streamed.append($0) }
        } catch {
            fatalError("a file in memory could not be read: \(error)")
        }
        guard inMemory == streamed else {
            fatalError("split in memory into \(inMemory.count) messages, streamed into \(streamed.count), or they differ")
        }
        var previous = (ordinal: 0, line: 0)
        var total = 0
        for message in inMemory {
            guard message.ordinal == previous.ordinal + 1, message.line > previous.line else {
                fatalError("message \(message.ordinal) at line \(message.line) follows \(previous.ordinal) at line \(previous.line)")
            }
            guard (message.bytes == nil) == (message.size > reader.messageLimit), message.bytes.map({ $0.count == message.size }) ?? true else {
                fatalError("message \(message.ordinal) of \(message.size) bytes kept \(message.bytes?.count ?? -1)")
            }
            previous = (message.ordinal, message.line)
            total += message.size
            if let body = message.bytes {
                FuzzRun.build(SchemaOrgReader().readMail(body, source: .file("fuzz.mbox")))
            }
        }
        guard total <= bytes.count else { fatalError("the messages hold \(total) bytes of an input of \(bytes.count)") }
        return 0
    }
}
