/// `application/x-www-form-urlencoded`, as token, revocation and introspection requests are
/// written (the WHATWG URL standard's serializer: unreserved bytes as they are, a space as `+`,
/// every other byte as `%XX`).
public enum FormEncoding {
    /// The body of a form with these fields, in order.
    public static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { "\(escape($0.name))=\(escape($0.value))" }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "*"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                escaped += "+"
            default:
                let hex = Array("0123456789ABCDEF")
                escaped += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0xF)])"
            }
        }
        return escaped
    }
}
