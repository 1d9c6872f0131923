import Basics
import CGMime
import Chrono
import Diagnostics

/// An e-mail (RFC 5322 with MIME), read by GMime: its subject, its date, and its leaf parts
/// decoded.
///
/// Multipart alternatives and nesting, attached messages (`message/rfc822`, such as a forwarded
/// confirmation), quoted-printable and base64, encoded headers (`=?UTF-8?B?...?=`) and the usual
/// charsets (UTF-8, ISO-8859-x, Windows-125x, and whatever iconv knows) are all GMime's work.
/// Nothing of GMime leaves this module: the parts are plain values.
///
/// ```swift
/// let message = try MailMessage(parsing: bytes)
/// for part in message.parts where part.contentType == "text/html" { ... }
/// ```
public struct MailMessage: Sendable {
    /// The most parts read from one message, by default.
    public static let maximumParts = 500
    /// The deepest nesting of multiparts and attached messages followed, by default.
    public static let maximumDepth = 32
    /// The largest decoded part, in bytes, by default.
    public static let maximumPartSize = 32 << 20

    /// The subject, decoded.
    public var subject: String?
    /// When the message says it was sent (its `Date` header).
    public var date: Instant?
    /// The address it says it is from (`noreply@booking.example.de`), without the name.
    public var sender: String?
    /// The language its `Content-Language` header names (`de`, `en-US`).
    public var language: String?
    /// The leaf parts, in order, including those of attached messages.
    public var parts: [MailPart]
    /// The messages attached to this one (`message/rfc822`, a forwarded confirmation), nested ones
    /// too, each as GMime writes it back: its own header fields and body, whose own signature may
    /// be checked. Their parts are among ``parts``, under their section.
    public var attachedMessages: [AttachedMessage]

    /// Reads a message.
    ///
    /// - Throws: ``MailMessageError`` when the bytes are not a message, or it exceeds a limit:
    ///   more than `maximumParts` leaf parts, nesting deeper than `maximumDepth`, or a part that
    ///   decodes to more than `maximumPartSize` bytes.
    ///
    /// - Parameter decoding: The content types whose parts are decoded (`text/html`, say); parts
    ///   of other types are listed with no bytes, and the size limit does not apply to them, so
    ///   a large PDF ticket does not stop the HTML beside it from being read. `nil` decodes all.
    public init(
        parsing bytes: [UInt8], maximumParts: Int = MailMessage.maximumParts, maximumDepth: Int = MailMessage.maximumDepth,
        maximumPartSize: Int = MailMessage.maximumPartSize, decoding: Set<String>? = nil
    ) throws(MailMessageError) {
        _ = Self.gmime
        guard !bytes.isEmpty else { throw .notAMessage }
        let stream = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                g_mime_stream_mem_new_with_buffer($0, buffer.count)
            }
        }
        guard let stream else { throw .notAMessage }
        defer { rf_unref(stream) }
        guard let parser = g_mime_parser_new_with_stream(stream) else { throw .notAMessage }
        defer { rf_unref(parser) }
        guard let message = g_mime_parser_construct_message(parser, nil) else { throw .notAMessage }
        defer { rf_unref(message) }

        subject = g_mime_message_get_subject(message).map { String(cString: $0) }
        date = Self.date(of: message)
        sender = rf_from_address(message).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        language = rf_message_header(message, "Content-Language").map { String(cString: $0) }
            .flatMap { $0.split(separator: ",").first.flatMap { String($0).trimmedNonEmpty } }
        var walker = Walker(maximumParts: maximumParts, maximumDepth: maximumDepth, maximumPartSize: maximumPartSize, decoding: decoding)
        if let body = g_mime_message_get_mime_part(message) {
            try walker.walk(body, section: "", date: date, depth: 0)
        }
        guard !walker.parts.isEmpty || g_mime_message_get_mime_part(message) != nil else { throw .notAMessage }
        parts = walker.parts
        attachedMessages = walker.attachedMessages
    }

    /// GMime, initialised once for the program.
    static let gmime: Void = g_mime_init()

    /// The moment a date of a header field names (`Tue, 24 Nov 2026 10:00:00 +0000`, as RFC 5322
    /// writes it, and the obsolete forms GMime also reads), or `nil`.
    public static func date(parsing text: String) -> Instant? {
        _ = gmime
        guard let date = g_mime_utils_header_decode_date(text) else { return nil }
        defer { g_date_time_unref(date) }
        return Instant(secondsSinceEpoch: Int64(g_date_time_to_unix(date)))
    }

    private static func date(of message: UnsafeMutablePointer<GMimeMessage>) -> Instant? {
        guard let date = g_mime_message_get_date(message) else { return nil }
        return Instant(secondsSinceEpoch: Int64(g_date_time_to_unix(date)))
    }

    /// Walks the MIME tree, collecting decoded leaf parts.
    private struct Walker {
        let maximumParts: Int
        let maximumDepth: Int
        let maximumPartSize: Int
        let decoding: Set<String>?
        var parts: [MailPart] = []
        var attachedMessages: [AttachedMessage] = []

        mutating func walk(_ object: UnsafeMutablePointer<GMimeObject>, section: String, date: Instant?, depth: Int)
            throws(MailMessageError)
        {
            guard depth <= maximumDepth else {
                throw .limit("MIME parts are nested more than \(maximumDepth) deep (\(setting: .limit("mime-depth")))")
            }
            if rf_is_multipart(object) != 0 {
                let multipart = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GMimeMultipart.self)
                for index in 0..<g_mime_multipart_get_count(multipart) {
                    guard let child = g_mime_multipart_get_part(multipart, index) else { continue }
                    let childSection = section.isEmpty ? "\(index + 1)" : "\(section).\(index + 1)"
                    try walk(child, section: childSection, date: date, depth: depth + 1)
                }
            } else if rf_is_message_part(object) != 0 {
                let part = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GMimeMessagePart.self)
                guard let attached = g_mime_message_part_get_message(part), let body = g_mime_message_get_mime_part(attached)
                else { return }
                let attachedSection = section.isEmpty ? "1" : section
                attachedMessages.append(AttachedMessage(section: attachedSection, bytes: Self.written(attached)))
                try walk(body, section: attachedSection, date: MailMessage.date(of: attached) ?? date, depth: depth + 1)
            } else if rf_is_part(object) != 0 {
                guard parts.count < maximumParts else {
                    throw .limit("the message has more than \(maximumParts) parts (\(setting: .limit("mime-parts")))")
                }
                let type = Self.contentType(object)
                guard decoding?.contains(type) ?? true else {
                    parts.append(MailPart(contentType: type, section: section.isEmpty ? "1" : section, bytes: [], messageDate: date))
                    return
                }
                let bytes = Self.decoded(object, text: type.hasPrefix("text/"))
                guard bytes.count <= maximumPartSize else {
                    throw .limit(
                        "part \(section.isEmpty ? "1" : section) decodes to \(bytes.count) bytes, more than the limit of \(maximumPartSize) (\(setting: .limit("part-size")))")
                }
                parts.append(MailPart(contentType: type, section: section.isEmpty ? "1" : section, bytes: bytes, messageDate: date))
            }
        }

        private static func contentType(_ object: UnsafeMutablePointer<GMimeObject>) -> String {
            guard let type = g_mime_object_get_content_type(object), let text = g_mime_content_type_get_mime_type(type) else {
                return "text/plain"
            }
            defer { g_free(text) }
            return String(cString: text).lowercased()
        }

        /// A message as GMime writes it: its header fields as they were read, and its body.
        private static func written(_ message: UnsafeMutablePointer<GMimeMessage>) -> [UInt8] {
            guard let output = g_mime_stream_mem_new() else { return [] }
            defer { rf_unref(output) }
            _ = g_mime_object_write_to_stream(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GMimeObject.self), nil, output)
            let memory = UnsafeMutableRawPointer(output).assumingMemoryBound(to: GMimeStreamMem.self)
            guard let array = g_mime_stream_mem_get_byte_array(memory), let data = array.pointee.data else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: Int(array.pointee.len)))
        }

        /// The part's content with its transfer encoding undone, and text converted to UTF-8.
        private static func decoded(_ object: UnsafeMutablePointer<GMimeObject>, text: Bool) -> [UInt8] {
            guard text else { return decode(object, from: nil) }
            let declared = g_mime_object_get_content_type_parameter(object, "charset").map { String(cString: $0).lowercased() }
            let bytes = decode(object, from: declared ?? "utf-8")
            if String(validating: bytes, as: UTF8.self) != nil { return bytes }
            // Text that claims UTF-8 or ASCII (or says nothing) but is not: mail like that is
            // almost always Windows-1252.
            return decode(object, from: "windows-1252")
        }

        /// The content, converted from `charset` to UTF-8 when one is given.
        private static func decode(_ object: UnsafeMutablePointer<GMimeObject>, from charset: String?) -> [UInt8] {
            let part = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GMimePart.self)
            guard let content = g_mime_part_get_content(part), let output = g_mime_stream_mem_new() else { return [] }
            defer { rf_unref(output) }
            if let charset, !["utf-8", "utf8", "us-ascii"].contains(charset), let filter = g_mime_filter_charset_new(charset, "utf-8"),
                let filtered = g_mime_stream_filter_new(output)
            {
                defer {
                    rf_unref(filter)
                    rf_unref(filtered)
                }
                _ = g_mime_stream_filter_add(UnsafeMutableRawPointer(filtered).assumingMemoryBound(to: GMimeStreamFilter.self), filter)
                _ = g_mime_data_wrapper_write_to_stream(content, filtered)
                _ = g_mime_stream_flush(filtered)
            } else {
                _ = g_mime_data_wrapper_write_to_stream(content, output)
            }
            let memory = UnsafeMutableRawPointer(output).assumingMemoryBound(to: GMimeStreamMem.self)
            guard let array = g_mime_stream_mem_get_byte_array(memory), let data = array.pointee.data else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: Int(array.pointee.len)))
        }
    }
}
