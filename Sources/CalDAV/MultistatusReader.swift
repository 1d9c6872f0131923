import Foundation
import NIOCore
import XMLParsing

/// A WebDAV `multistatus` answer (RFC 4918 §13) read as it arrives: each child of its root (a
/// `response`, or RFC 6578's `sync-token`) is handed to `take` once the block of the answer
/// holding its end is read (``XMLChildStream``), and only what `take` keeps of it stays in memory. A listing of a whole calendar is never held as bytes or
/// as a tree, whatever its length; `take` holds what it keeps to ``ListingLimits``.
struct MultistatusReader<Output: Sendable>: AnswerReader {
    private let url: URL
    private let stream = XMLChildStream(textLimit: ListingLimits.eventText)
    private var output: Output
    private let take: (inout Output, XMLTree) throws(CalDAVError) -> Void

    /// A reader of the answer from `url` that gives `output` after `take` had every child of the
    /// root, in order.
    init(url: URL, output: Output, take: @escaping (inout Output, XMLTree) throws(CalDAVError) -> Void) {
        self.url = url
        self.output = output
        self.take = take
    }

    mutating func read(_ chunk: ByteBuffer) throws(CalDAVError) {
        let children: [XMLTree]
        do {
            children = try chunk.withUnsafeReadableBytes { try stream.push($0) }
        } catch {
            throw .unreadable(url: url.absoluteString, reason: (error as? XMLTree.ParseError)?.description ?? "\(error)")
        }
        try hand(children)
    }

    mutating func finish() throws(CalDAVError) -> Output {
        let children: [XMLTree]
        do {
            children = try stream.finish()
        } catch {
            throw .unreadable(url: url.absoluteString, reason: error.description)
        }
        try hand(children)
        guard let root = stream.root, root.name == "multistatus", root.namespace == "DAV:" else {
            throw .unreadable(url: url.absoluteString, reason: "not a WebDAV multistatus answer")
        }
        return output
    }

    private mutating func hand(_ children: [XMLTree]) throws(CalDAVError) {
        for child in children {
            try take(&output, child)
        }
    }
}
