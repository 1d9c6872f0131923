import Diagnostics
import Foundation

/// Turns command-line inputs into the files to read.
///
/// A file is read as given, whatever its name (its content tells its format). A folder is read
/// recursively, in sorted order so that runs are reproducible: files with the extensions of the
/// formats this tool reads are taken (`.json`, `.jsonld`, `.html`, `.htm`, `.xhtml`, `.eml`, and
/// `.mbox`, `.ics`, and `.pdf` and `.pkpass` for KDE's extractor), and any other file is taken when its first
/// bytes are markup, an e-mail or an mbox (so a Maildir folder, whose messages have no extension,
/// and Thunderbird's local folders, mbox files without one, work), while
/// the rest (pictures, notes) is passed over.
/// Hidden files and folders (names starting with `.`) are passed over. `-` is standard input.
///
/// What a run writes is never its input: its feed, its `--split` folder, its secrets and its
/// state (``excludeOwnOutput(_:)``) are passed over wherever they are, and named as an input they
/// are refused with an `own-output` warning. Inside folders, a feed this tool wrote (its `PRODID`
/// is ReservationFeed's) is passed over too, whichever run wrote it: it holds events made from
/// inputs, not reservations, and read again it would double them. Named as an input, such a feed
/// is read (a feed read back as a calendar file).
public struct InputDiscovery: Sendable {
    /// The file name extensions read inside folders, lower case.
    public var extensions: Set<String>

    /// The files and folders the run writes, as canonical paths: never its inputs.
    private(set) var ownOutputs: Set<String> = []

    /// The device and inode of each of them that exists: a hard link to the feed is the feed.
    private var ownIdentities: Set<FileIdentity> = []

    private struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init?(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// Marks a file or folder the run writes (which need not exist yet) as never to be read.
    public mutating func excludeOwnOutput(_ path: String) {
        ownOutputs.insert(Self.canonicalOutput(path))
        if let identity = FileIdentity(path) { ownIdentities.insert(identity) }
    }

    /// Whether a path is one of the run's own outputs, by name or as the same file.
    private func isOwnOutput(_ path: String) -> Bool {
        guard !ownOutputs.isEmpty else { return false }
        if ownOutputs.contains(canonical(path)) { return true }
        return FileIdentity(path).map(ownIdentities.contains) ?? false
    }

    /// The extensions of the formats this tool reads.
    public static let knownExtensions: Set<String> = ["json", "jsonld", "html", "htm", "xhtml", "eml", "mbox", "ics", "pdf", "pkpass"]

    /// Creates a discovery for the given extensions.
    public init(extensions: Set<String> = InputDiscovery.knownExtensions) {
        self.extensions = extensions
    }

    /// The inputs to read, with a diagnostic for each folder that could not be listed.
    ///
    /// - Throws: ``InputError`` when an input does not exist; nothing should be written then.
    public func expand(_ arguments: [String]) throws(InputError) -> (sources: [InputSource], diagnostics: [Diagnostic]) {
        var sources: [InputSource] = []
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for argument in arguments {
            if argument == "-" {
                guard !sources.contains(.standardInput) else { throw .standardInputRepeated }
                sources.append(.standardInput)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw .notFound(argument)
            }
            if isOwnOutput(argument) {
                diagnostics.append(
                    Diagnostic(
                        .warning, .ownOutput, at: Origin(file: argument),
                        "this run writes it (the feed, its --split folder, a secret or the state), so it is not read as an input"))
                continue
            }
            if isDirectory.boolValue {
                walk(argument, into: &sources, diagnostics: &diagnostics, seen: &seen)
            } else if seen.insert(canonical(argument)).inserted {
                sources.append(.file(argument))
            }
        }
        return (sources, diagnostics)
    }

    private func walk(
        _ folder: String, into sources: inout [InputSource], diagnostics: inout [Diagnostic], seen: inout Set<String>
    ) {
        // A folder reached twice (through a symbolic link loop, say) is read once.
        guard seen.insert(canonical(folder)).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            diagnostics.append(Diagnostic(.error, .unreadable, at: Origin(file: folder), "cannot list this folder: \(Self.reason(error))"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isOwnOutput(path) { continue }
            if isDirectory.boolValue {
                walk(path, into: &sources, diagnostics: &diagnostics, seen: &seen)
            } else if extensions.contains((name as NSString).pathExtension.lowercased())
                || (Self.isRegularFile(path) && Self.looksReadable(path)),
                !Self.isFeedOfThisTool(path),
                seen.insert(canonical(path)).inserted
            {
                sources.append(.file(path))
            }
        }
    }

    /// Whether a path is a regular file: a FIFO, a device or a socket without a known extension
    /// is passed over without being opened (opening a FIFO waits for a writer).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether a file's first bytes are markup or an e-mail (documents for the extractor, such
    /// as text and pictures, are read inside folders only by their extension).
    private static func looksReadable(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 8192)) ?? Data()
        switch InputFormat.detect([UInt8](head)) {
        case .nativeJSON, .jsonLD, .html, .email, .mbox, .iCalendar: return true
        case .document, nil: return false
        }
    }

    private func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// The canonical path of a file that may not exist yet: its folder's, and its name.
    private static func canonicalOutput(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if FileManager.default.fileExists(atPath: url.path) { return url.resolvingSymlinksInPath().path }
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL.path
        return (folder.hasSuffix("/") ? folder : folder + "/") + url.lastPathComponent
    }

    /// What starts every feed this tool writes, after `BEGIN:VCALENDAR` and `VERSION:2.0`.
    private static let ownProductIdentifier = Array("\r\nPRODID:-//ReservationFeed//".utf8)

    /// Whether a file is a calendar this tool wrote (a feed, or one event of a `--split`
    /// folder): its first kilobyte names ReservationFeed as its `PRODID`.
    public static func isFeedOfThisTool(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 1024)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 && isFeedOfThisTool(head[..<count])
    }

    /// Whether a document is a calendar this tool wrote: it starts `BEGIN:VCALENDAR`, and its
    /// first kilobyte names ReservationFeed as its `PRODID`.
    public static func isFeedOfThisTool(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(1024))
        let needle = ownProductIdentifier
        guard head.starts(with: Array("BEGIN:VCALENDAR".utf8)), head.count >= needle.count else { return false }
        return (0...(head.count - needle.count)).contains { start in head[start..<(start + needle.count)].elementsEqual(needle) }
    }

    /// A short reason for a file-system error, for messages: `permission denied`.
    public static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let posix = error.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code))).lowercased()
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileReadNoPermission: return "permission denied"
        case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
        default: return error.localizedDescription
        }
    }
}
