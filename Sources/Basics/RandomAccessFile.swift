/// A regular file opened for reading in two ways that keep it out of the process's memory: one
/// pass over all of it through a mapping that is undone afterwards, and copies of byte ranges
/// read with `pread`.
///
/// Pages of a mapped file count in the process's resident memory while mapped in, and the
/// kernel maps in pages around each page touched; visiting a large feed event by event in
/// another order than its own would soon have all of it resident. Reading each range
/// into a small array of its own costs a system call and a copy, and nothing stays behind.
/// The file is read as it is when each read happens; the files read so are replaced by renaming,
/// never rewritten in place, so an open file keeps the content it had.
package final class RandomAccessFile: Sendable {
    /// The open file, for a reader that reads it its own way (to its end, as it grows); it is
    /// closed when this goes.
    package let descriptor: Int32
    /// The file's size in bytes when it was opened.
    package let count: Int
    /// When the file was last modified, in seconds since 1970.
    package let modifiedSeconds: Int64

    /// Opens the regular file at `path`; a folder, a pipe, a device or a socket is refused
    /// without being read.
    package init(path: String) throws(FileReadError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .system() }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = FileReadError.system()
            close(descriptor)
            throw error
        }
        #if canImport(Darwin)
            modifiedSeconds = Int64(status.st_mtimespec.tv_sec)
        #else
            modifiedSeconds = Int64(status.st_mtim.tv_sec)
        #endif
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            count = Int(status.st_size)
        case S_IFDIR:
            close(descriptor)
            throw FileReadError(.folder)
        default:
            close(descriptor)
            throw FileReadError(.notRegularFile)
        }
    }

    deinit {
        close(descriptor)
    }

    /// Calls `body` with the whole file mapped into memory, and unmaps it after: its pages count
    /// in the process's memory only meanwhile. `body` must not keep the pointer. It is also given
    /// a function that gives back the pages before an offset, for a pass that will not look back
    /// (they are read again from the file if it does).
    package func withMappedBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>, _ release: (Int) -> Void) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard count > 0, let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            // Nothing to map, or no mapping to be had: the same bytes read into memory.
            let bytes = self.bytes(in: 0..<count) ?? []
            return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try body(buffer, { _ in }) }
        }
        defer { munmap(mapped, count) }
        _ = madvise(mapped, count, MADV_SEQUENTIAL)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: count)) { offset in
            let end = min(offset, count) / pageSize * pageSize
            if end > 0 { _ = madvise(mapped, end, MADV_DONTNEED) }
        }
    }

    /// The bytes in `range`, or `nil` when they cannot all be read (the file was cut short).
    package func bytes(in range: Range<Int>) -> [UInt8]? {
        var done = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            while done < range.count {
                let read = pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                done += read
            }
            initialized = done
        }
        return done == range.count ? bytes : nil
    }
}
