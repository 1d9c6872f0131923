import Basics
import Foundation
import ProgramSupport

/// Notices when the inputs change: a file added, changed or removed in an input folder (at any
/// depth), or an input file itself, and calls back once per burst of changes.
///
/// On Linux the kernel says so (inotify) within milliseconds; a rescan every `rescanInterval`
/// compares the inputs' names, sizes and modification times, as a safety net for what inotify
/// does not see (network file systems, a folder replaced whole, watches beyond the system's
/// limit) and as the only means elsewhere. Changes are told after `quietPeriod` without any, or
/// `longestWait` after the first, so that copying a folder of files makes one regeneration.
// Unchecked: the inotify descriptor and its table of watches are the watcher thread's alone, and
// the settings are set before it starts; whether it was told to stop is under a lock, and the
// thread is woken to see it through a pipe.
final class InputWatcher: @unchecked Sendable {
    /// The inputs as given: files and folders.
    let inputs: [String]
    /// How long the inputs must be still before a change is told.
    var quietPeriod: TimeInterval = 0.3
    /// The longest a change waits to be told while changes keep coming.
    var longestWait: TimeInterval = 2
    /// How often the inputs are compared whole.
    var rescanInterval: TimeInterval = 30

    /// Paths whose changes do not count: the feed itself, when it lies in an input folder.
    let ignored: Set<String>

    private let onChange: @Sendable (String) -> Void
    private let stopped = Locked(false)
    #if os(Linux)
    /// A pipe ``stop()`` writes a byte to, so that a thread asleep in `poll` wakes at once.
    private let wakeUp: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }()
    private var descriptor: Int32 = -1
    private var watched: [Int32: (path: String, onlyName: String?)] = [:]
    #endif

    /// Creates a watcher; it starts with ``start()``.
    ///
    /// - Parameters:
    ///   - inputs: Files and folders.
    ///   - onChange: Called on the watcher's thread with a few words on what changed.
    ///   - ignoring: Paths whose changes do not count.
    init(inputs: [String], ignoring: [String] = [], onChange: @escaping @Sendable (String) -> Void) {
        self.inputs = inputs.filter { $0 != "-" }.map(Self.standardized)
        // Each path both as written and with its folder's links resolved: a change is reported
        // under the folder watched, which may be either.
        ignored = Set(ignoring.flatMap { [Self.standardized($0), Self.resolved($0)] })
        self.onChange = onChange
    }

    deinit {
        #if os(Linux)
        if wakeUp.read >= 0 {
            close(wakeUp.read)
            close(wakeUp.write)
        }
        #endif
    }

    /// Starts watching, on a thread of its own (``DetachedThread``).
    func start() {
        DetachedThread.start { [self] in self.loop() }
    }

    /// Stops watching: the watcher's thread wakes and ends, and tells no more changes.
    func stop() {
        stopped.withLock { $0 = true }
        #if os(Linux)
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
        #endif
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// Sleeps until the kernel reports a change, ``stop()`` is called or the next thing falls
    /// due (a burst's quiet period, its longest wait, the rescan): nothing runs in between.
    private func loop() {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        defer { if descriptor >= 0 { close(descriptor) } }
        #endif
        addWatches()
        var fingerprint = Self.fingerprint(of: inputs, ignoring: ignored)
        var lastRescan = Date()
        var firstChange: Date?
        var lastChange: Date?
        var what = ""
        while !isStopped {
            let now = Date()
            if let first = firstChange, let last = lastChange,
                now.timeIntervalSince(last) >= quietPeriod || now.timeIntervalSince(first) >= longestWait
            {
                firstChange = nil
                lastChange = nil
                fingerprint = Self.fingerprint(of: inputs, ignoring: ignored)
                lastRescan = now
                onChange(what)
                continue
            }
            if now.timeIntervalSince(lastRescan) >= rescanInterval {
                lastRescan = now
                let current = Self.fingerprint(of: inputs, ignoring: ignored)
                if current != fingerprint {
                    fingerprint = current
                    addWatches()
                    onChange("rescan")
                }
                continue
            }
            var due = lastRescan.addingTimeInterval(rescanInterval)
            if let first = firstChange, let last = lastChange {
                due = min(due, last.addingTimeInterval(quietPeriod), first.addingTimeInterval(longestWait))
            }
            if let change = waitForEvents(until: due) {
                if firstChange == nil {
                    firstChange = Date()
                    what = change
                }
                lastChange = Date()
            }
        }
    }

    /// Waits until `due` for the kernel to report a change; returns a word on it.
    private func waitForEvents(until due: Date) -> String? {
        let timeout = max(0, due.timeIntervalSinceNow)
        #if os(Linux)
        guard descriptor >= 0 else {
            var poller = pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, Self.milliseconds(timeout))
            return nil
        }
        var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0)]
        guard poll(&pollers, 2, Self.milliseconds(timeout)) > 0, pollers[0].revents != 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        var change: String?
        var newFolder = false
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += headerSize + length
            guard let target = watched[watch] else { continue }
            if let only = target.onlyName, name != only { continue }
            if ignored.contains(target.path + "/" + name) || ignored.contains(Self.resolved(target.path) + "/" + name) { continue }
            if name.hasPrefix("."), mask & UInt32(IN_ISDIR) == 0 { continue }  // temporary files of atomic writes
            // A nameless temporary file (O_TMPFILE, a feed's spool) is reported as `#` and its
            // inode number: it is no input.
            if name.hasPrefix("#"), name.dropFirst().allSatisfy(\.isNumber) { continue }
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { newFolder = true }
            change = change ?? (name.isEmpty ? target.path : target.path + "/" + name)
        }
        if newFolder { addWatches() }
        return change
        #else
        // Elsewhere the rescan is all there is; a stop is seen within a second.
        usleep(UInt32(min(timeout, 1) * 1_000_000))
        return nil
        #endif
    }

    /// `poll`'s timeout for a number of seconds, rounded up so that a deadline is not missed by
    /// waking just before it.
    private static func milliseconds(_ seconds: TimeInterval) -> Int32 {
        Int32(min((seconds * 1000).rounded(.up), Double(Int32.max)))
    }

    /// Watches every input folder and the folders below it, and the folder of each input file.
    private func addWatches() {
        #if os(Linux)
        guard descriptor >= 0 else { return }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        for input in inputs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                for folder in [input] + Self.folders(below: input) {
                    let watch = inotify_add_watch(descriptor, folder, mask)
                    if watch >= 0 { watched[watch] = (folder, nil) }
                }
            } else {
                let url = URL(fileURLWithPath: input)
                let folder = url.deletingLastPathComponent().path
                let watch = inotify_add_watch(descriptor, folder, mask)
                if watch >= 0 { watched[watch] = (folder, url.lastPathComponent) }
            }
        }
        #endif
    }

    /// An absolute path without `.`, `..` or a trailing slash, so that paths compare.
    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// A path with its folder's symbolic links resolved (the file itself need not exist).
    static func resolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
    }

    private static func folders(below folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var folders: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { folders.append(folder + "/" + relative) }
        }
        return folders
    }

    /// Names, sizes and modification times of every file the inputs hold.
    static func fingerprint(of inputs: [String], ignoring ignored: Set<String> = []) -> [String: String] {
        var result: [String: String] = [:]
        // Each folder's path with its links resolved, worked out once a scan.
        var resolvedFolders: [Substring: String] = [:]
        func isIgnored(_ path: String) -> Bool {
            guard !ignored.isEmpty else { return false }
            if ignored.contains(path) { return true }
            guard let slash = path.lastIndex(of: "/") else { return false }
            let folder = path[..<slash]
            let resolvedFolder = resolvedFolders[folder] ?? {
                let resolved = URL(fileURLWithPath: String(folder)).resolvingSymlinksInPath().path
                resolvedFolders[folder] = resolved
                return resolved
            }()
            return ignored.contains(resolvedFolder + path[slash...])
        }
        func note(_ path: String, _ attributes: [FileAttributeKey: Any]?) {
            guard !isIgnored(path), !(path.split(separator: "/").last?.hasPrefix(".") ?? false) else { return }
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[path] = "\(size) \(modified)"
        }
        for input in inputs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
                result[input] = "missing"
                continue
            }
            guard isFolder.boolValue else {
                note(input, try? FileManager.default.attributesOfItem(atPath: input))
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: input) else { continue }
            while let relative = enumerator.nextObject() as? String {
                guard enumerator.fileAttributes?[.type] as? FileAttributeType != .typeDirectory else { continue }
                note(input + "/" + relative, enumerator.fileAttributes)
            }
        }
        return result
    }
}
