import CompressNIO
import NIOCore

/// gzip (RFC 1952) through zlib, for clients that send `Accept-Encoding: gzip`.
enum GzipCompression {
    /// The bytes, gzip-compressed.
    static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        let compressor = CompressionAlgorithm.gzip().compressor
        var input = ByteBuffer(bytes: bytes)
        try compressor.startStream()
        var output = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: input))
        try compressor.streamDeflate(from: &input, to: &output, flush: .finish)
        try compressor.finishStream()
        return Array(output.readableBytesView)
    }

    /// The bytes, decompressed; for tests.
    static func decompress(_ bytes: [UInt8], limit: Int = 1 << 30) throws -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        let output = try input.decompress(with: .gzip(), maxSize: limit)
        return Array(output.readableBytesView)
    }
}
