/// A file that holds a secret on its first line (a password, a client's secret), which only its
/// owner may read: one that others can read is refused, since the secret is no longer one.
package enum OwnerOnlyFile {
    /// Why the file cannot be used, in words that name no part of what it holds.
    package struct ReadError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The largest such file read.
    static let largest = 64 * 1024

    /// The file's first line, without its line break.
    package static func firstLine(_ path: String) throws(ReadError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw ReadError(description: "cannot be read (\(reason()))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ReadError(description: "cannot be read (\(reason()))") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw ReadError(description: "is not a regular file") }
        guard status.st_mode & 0o077 == 0 else {
            throw ReadError(description: "can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        let bytes = Descriptor.read(descriptor, upTo: min(Int(status.st_size), largest))
        let line = bytes.split(omittingEmptySubsequences: false) { $0 == 0x0A || $0 == 0x0D }.first ?? []
        guard !line.isEmpty else { throw ReadError(description: "has an empty first line, where the secret belongs") }
        return String(decoding: line, as: UTF8.self)
    }

    private static func reason() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
