extension Parallel {
    /// The positions `0..<count` in consecutive ranges of `size` (the last one shorter): work
    /// handed to ``map(_:concurrency:_:)`` one batch at a time keeps every thread busy while the
    /// results of only one batch are held at once.
    ///
    /// ```swift
    /// for batch in Parallel.batches(of: events.count, size: 4096) {
    ///     let texts = try Parallel.map(Array(batch)) { try writer.eventText(events[$0], stamp: now) }
    ///     try output(Array(texts.joined()))
    /// }
    /// ```
    @inlinable
    public static func batches(of count: Int, size: Int) -> some Sequence<Range<Int>> {
        precondition(size > 0, "a batch holds at least one element")
        return stride(from: 0, to: count, by: size).lazy.map { $0..<min($0 + size, count) }
    }
}
