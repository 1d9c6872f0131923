import CGMime

/// The addresses a header field names (`From`, `To`), read by GMime as RFC 5322 defines them:
/// display names, comments, quoted local parts, encoded words and groups.
///
/// ```swift
/// MailAddresses.parse("United <reservations@united.com>")   // ["reservations@united.com"]
/// MailAddresses.parse("Trip: a@x.example, b@y.example;")  // ["a@x.example", "b@y.example"]
/// ```
public enum MailAddresses {
    /// The mailboxes' addresses (`local@domain`), in order, groups opened; empty when the value
    /// names none.
    public static func parse(_ value: String) -> [String] {
        _ = MailMessage.gmime
        guard let list = internet_address_list_parse(nil, value) else { return [] }
        defer { rf_unref(list) }
        let count = Int(rf_mailboxes(list, nil, 0, 0))
        guard count > 0 else { return [] }
        var pointers = [UnsafePointer<CChar>?](repeating: nil, count: count)
        _ = rf_mailboxes(list, &pointers, Int32(count), 0)
        return pointers.compactMap { $0.map { String(cString: $0) } }.filter { !$0.isEmpty }
    }
}
