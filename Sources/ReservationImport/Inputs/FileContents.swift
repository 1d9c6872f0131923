import Basics
import Chrono
import Diagnostics

/// The bytes of a file, read straight into the array that holds them (reading through `Data`
/// holds every byte twice for a moment: as much peak memory again as the file),
/// with its modification time.
public struct FileContents: Sendable {
    /// The content.
    public var bytes: [UInt8]
    /// When the file was last modified, when the system says.
    public var modified: Instant?

    /// Reads the file at `path`, when it is a regular file of at most `limit` bytes.
    ///
    /// A FIFO, a device or a socket is refused without being opened for a read that could wait
    /// for ever or never end.
    public init(path: String, limit: Int = .max) throws(FileReadError) {
        // Opened, and refused unless it is a regular file, as every file read whole or in parts is.
        try self.init(file: try RandomAccessFile(path: path), limit: limit)
    }

    /// Reads a file already opened, when it is of at most `limit` bytes.
    package init(file: RandomAccessFile, limit: Int = .max) throws(FileReadError) {
        guard file.count <= limit else { throw FileReadError(.tooLarge(size: file.count, limit: limit)) }
        modified = Instant(secondsSinceEpoch: file.modifiedSeconds)
        bytes = try Self.readAll(file.descriptor, expected: file.count, limit: limit)
        withExtendedLifetime(file) {}
    }

    /// Reads standard input to its end, or fails past `limit` bytes.
    public static func standardInput(limit: Int = .max) throws(FileReadError) -> FileContents {
        FileContents(bytes: try readAll(STDIN_FILENO, expected: 0, limit: limit), modified: nil)
    }

    private init(bytes: [UInt8], modified: Instant?) {
        self.bytes = bytes
        self.modified = modified
    }

    /// Reads until the end, starting with room for `expected` bytes (the size a regular file
    /// says it has; pipes and files that grow get more room as they need it).
    private static func readAll(_ descriptor: Int32, expected: Int, limit: Int) throws(FileReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var capacity = min(max(expected + 1, 1 << 16), limit == .max ? .max : limit + 1)
        while true {
            var failed = false
            bytes.reserveCapacity(capacity)
            let start = bytes.count
            let room = capacity - start
            bytes.append(contentsOf: repeatElement(0, count: room))
            var count = 0
            bytes.withUnsafeMutableBufferPointer { buffer in
                while true {
                    count = read(descriptor, buffer.baseAddress! + start, room)
                    if count < 0, errno == EINTR || errno == EAGAIN {
                        if errno == EAGAIN { Self.waitForInput(descriptor) }
                        continue
                    }
                    break
                }
                failed = count < 0
            }
            if failed { throw .system() }
            bytes.removeLast(room - count)
            if count == 0 { return bytes }
            if bytes.count > limit {
                throw FileReadError(.tooLarge(size: nil, limit: limit))
            }
            if bytes.count == capacity { capacity = min(capacity * 2, limit == .max ? .max : limit + 1) }
        }
    }

    /// Waits until a descriptor opened without blocking (a regular file never blocks, standard
    /// input may) has something to read.
    private static func waitForInput(_ descriptor: Int32) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, -1)
    }
}
