import CLibPSL

/// Domain names in the one form they are compared in: A-labels (IDNA2008, RFC 5890), lower case,
/// without a final dot, through libidn2.
///
/// An internationalized name has two spellings: the U-label form people write and an address may
/// carry since RFC 6532 (`bücher.example`), and the A-label form DNS and DKIM's `d=` use
/// (`xn--bcher-kva.example`). Both name the same domain, so both are written as A-labels before
/// they are compared.
///
/// ```swift
/// DomainName.aLabelForm(of: "Bücher.example")          // "xn--bcher-kva.example"
/// DomainName.aLabelForm(of: "xn--bcher-kva.example")   // "xn--bcher-kva.example"
/// DomainName.aLabelForm(of: "mail..example")           // nil: an empty label
/// ```
public enum DomainName {
    /// The longest name DNS carries, in octets, without its final dot (RFC 1035, section 2.3.4).
    static let maximumLength = 253
    /// The longest label, in octets.
    static let maximumLabelLength = 63

    /// The A-label form of a domain name, lower case, without a final dot: Unicode labels are
    /// mapped as UTS #46 does it without transitional processing (so `ß` stays `ß`, as IDNA2008
    /// has it, and becomes `xn--zca`), and A-labels are checked to decode to a valid U-label.
    ///
    /// Labels may hold letters, digits, hyphens and underscores (`_domainkey`), as DNS names of
    /// mail do.
    ///
    /// - Returns: `nil` for a name that is not a valid domain name: empty, with an empty label
    ///   (`a..b`), a label or the whole too long, a character no domain name may hold (a space,
    ///   `@`), or a label that IDNA2008 refuses (a `xn--` label that does not decode, a
    ///   disallowed code point).
    public static func aLabelForm(of domain: String) -> String? {
        var name = domain
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return nil }
        let ascii: String
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            // Already ASCII: lower case, and only the A-labels it carries need libidn2's check.
            let lower = name.lowercased()
            if hasALabel(lower) {
                guard let checked = lookUp(lower) else { return nil }
                ascii = checked
            } else {
                ascii = lower
            }
        } else {
            guard let converted = lookUp(name) else { return nil }
            ascii = converted
        }
        return isWellFormed(ascii) ? ascii : nil
    }

    /// Whether a label of the lower-case name starts with the A-label prefix `xn--`.
    private static func hasALabel(_ name: String) -> Bool {
        name.split(separator: ".", omittingEmptySubsequences: false).contains { $0.hasPrefix("xn--") }
    }

    /// libidn2's lookup conversion (IDNA2008 with UTS #46 non-transitional mapping), lower case;
    /// `nil` when it refuses the name.
    private static func lookUp(_ name: String) -> String? {
        var output: UnsafeMutablePointer<UInt8>?
        let flags = Int32(IDN2_NFC_INPUT.rawValue | IDN2_NONTRANSITIONAL.rawValue)
        let status = name.withCString { input in
            input.withMemoryRebound(to: UInt8.self, capacity: name.utf8.count + 1) { idn2_lookup_u8($0, &output, flags) }
        }
        defer { idn2_free(output) }
        guard status == Int32(IDN2_OK.rawValue), let output else { return nil }
        return String(cString: output).lowercased()
    }

    /// Whether an ASCII name is one DNS can carry: labels of 1 to 63 letters, digits, hyphens and
    /// underscores, 253 octets in all.
    private static func isWellFormed(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maximumLength else { return false }
        return name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= maximumLabelLength
                && label.allSatisfy { byte in
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                }
        }
    }
}
