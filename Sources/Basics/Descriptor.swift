/// Whole reads and writes on an open file descriptor, through interruptions and short counts.
package enum Descriptor {
    /// Up to `limit` bytes, read until the end of the file (or an error).
    package static func read(_ descriptor: Int32, upTo limit: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes[count...].withUnsafeMutableBytes { Basics.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return Array(bytes[..<count])
    }

    /// Writes every byte; whether all were written.
    package static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Basics.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
