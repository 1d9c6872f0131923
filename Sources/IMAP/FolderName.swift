import Basics

/// A folder's name as IMAP writes it: modified UTF-7 (RFC 3501, section 5.1.3), in which
/// `Reisen Zürich` is `Reisen Z&APw-rich` and `&` is `&-`. URLs (RFC 5092) and people write the
/// name in UTF-8; the conversion is the C library's (glibc's iconv, charset `UTF-7-IMAP`).
enum FolderName {
    /// The name in modified UTF-7; `nil` when the C library cannot convert it.
    static func encoded(_ name: String) -> String? {
        convert(Array(name.utf8), from: "UTF-8", to: "UTF-7-IMAP").map { String(decoding: $0, as: UTF8.self) }
    }

    /// `bytes` converted between two charsets by iconv.
    private static func convert(_ bytes: [UInt8], from source: String, to target: String) -> [UInt8]? {
        let converter = iconv_open(target, source)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 16)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inputPointer = inputBuffer.baseAddress
                var inputLeft = inputBuffer.count
                var outputPointer = outputBuffer.baseAddress
                var outputLeft = outputBuffer.count
                guard iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft) != -1,
                    iconv(converter, nil, nil, &outputPointer, &outputLeft) != -1
                else { return nil }
                return outputBuffer.count - outputLeft
            }
        }
        guard let produced else { return nil }
        return output.prefix(produced).map { UInt8(bitPattern: $0) }
    }
}
