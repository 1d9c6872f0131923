import Foundation

/// Reads the dates of a document being decoded when they are not ISO 8601, and keeps a record of
/// each lenient reading (for warnings with the field's path). A decoder offers one to
/// ``DateTimeValue``'s `Decodable` conformance under ``Foundation/CodingUserInfoKey/lenientDates``.
public protocol LenientDateDecoding: Sendable {
    /// Reads `text`, found at `codingPath`.
    ///
    /// - Throws: ``ISO8601ParseError`` when it is no date in any form read.
    func readDate(_ text: String, at codingPath: [any CodingKey]) throws(ISO8601ParseError) -> DateTimeValue
}

extension CodingUserInfoKey {
    /// Where a decoder offers its ``LenientDateDecoding``.
    public static let lenientDates = CodingUserInfoKey(rawValue: "ReservationFeed.lenientDates")!
}
