import CLibXML2

/// Decodes HTML character references (`&amp;`, `&eacute;`, `&#233;`, `&#xE9;`) with libxml2's
/// table of HTML 4 entities.
public enum HTMLEntities {
    /// The text with its character references replaced; unknown ones are left as they are.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let name = rest[afterAmpersand..<semicolon]
            if let scalar = character(for: name) {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }

    private static func character(for name: Substring) -> Unicode.Scalar? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst(1)).flatMap(Unicode.Scalar.init)
        }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            let entity = String(name).withCString({ htmlEntityLookup(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) })
        else { return nil }
        return Unicode.Scalar(entity.pointee.value)
    }
}
