import Basics

/// Where what KDE's extractor said about one document is kept, so that it is asked once: the
/// extractor takes a twentieth of a second even for a message it finds nothing in, and a
/// mailbox of 20,000 messages is read again at every run.
///
/// The answer is kept with the extractor's signature (its path, size and modification time), so
/// that an upgraded extractor reads the document again. `MailboxInputs` (of ReservationFeed) keeps one beside each
/// cached message of an IMAP folder.
public struct ExtractionMemo: Sendable {
    /// The answer kept for this signature, if any.
    public var load: @Sendable (_ signature: String) -> [UInt8]?
    /// Keeps an answer under a signature.
    public var save: @Sendable (_ signature: String, _ answer: [UInt8]) -> Void

    /// Creates a memo from its two operations.
    public init(load: @escaping @Sendable (String) -> [UInt8]?, save: @escaping @Sendable (String, [UInt8]) -> Void) {
        self.load = load
        self.save = save
    }

    /// A memo in one file: the signature on the first line, then the answer.
    ///
    /// - Parameter makingFolder: Whether the file's folder is made (readable by its owner only)
    ///   when it is missing.
    public static func file(_ path: String, makingFolder: Bool = false) -> ExtractionMemo {
        ExtractionMemo(
            load: { signature in
                guard let handle = fopen(path, "r") else { return nil }
                defer { fclose(handle) }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = fread(&buffer, 1, buffer.count, handle)
                    if count == 0 { break }
                    bytes += buffer[..<count]
                }
                guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
                    String(decoding: bytes[..<newline], as: UTF8.self) == signature
                else { return nil }
                return Array(bytes[(newline + 1)...])
            },
            save: { signature, answer in
                if makingFolder, let slash = path.lastIndex(of: "/") {
                    var folder = ""
                    for component in path[..<slash].split(separator: "/") {
                        folder += "/" + component
                        mkdir(folder, 0o700)
                    }
                }
                let temporary = path + ".partial"
                guard let handle = fopen(temporary, "w") else { return }
                let bytes = Array((signature + "\n").utf8) + answer
                let written = fwrite(bytes, 1, bytes.count, handle)
                fclose(handle)
                if written == bytes.count { rename(temporary, path) } else { unlink(temporary) }
            })
    }

    /// The signature of an extractor program: its path, size and modification time.
    public static func signature(of executable: String) -> String {
        var status = stat()
        guard stat(executable, &status) == 0 else { return executable }
        #if canImport(Darwin)
            let modified = status.st_mtimespec.tv_sec
        #else
            let modified = status.st_mtim.tv_sec
        #endif
        return "\(executable) \(status.st_size) \(modified)"
    }
}
