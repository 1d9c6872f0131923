import NIOCore

/// What reads the body of an HTTP answer as its bytes arrive, so that an answer is never held
/// whole when only what it says is wanted (``MultistatusReader``), or collects it
/// (``AnswerBytes``).
///
/// A reader is made for one answer and used by one task; what it gives in the end crosses tasks.
protocol AnswerReader: SendableMetatype {
    associatedtype Output: Sendable
    /// Takes the next bytes of the body.
    mutating func read(_ chunk: ByteBuffer) throws(CalDAVError)
    /// Ends the body: what it said.
    mutating func finish() throws(CalDAVError) -> Output
}

/// The body's bytes, whole: for the small answers (one collection's properties, one event, an
/// error's explanation) whose every byte is wanted.
struct AnswerBytes: AnswerReader {
    private var buffer = ByteBuffer()

    mutating func read(_ chunk: ByteBuffer) throws(CalDAVError) {
        var chunk = chunk
        buffer.writeBuffer(&chunk)
    }

    mutating func finish() throws(CalDAVError) -> [UInt8] {
        Array(buffer: buffer)
    }
}
