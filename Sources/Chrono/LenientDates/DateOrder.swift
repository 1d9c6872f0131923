/// Which comes first in a numeric date such as `05/06/2027`: the day (5 June, as most of the
/// world writes) or the month (May 6, as the United States write).
public enum DateOrder: String, Sendable, Hashable {
    /// `DD/MM/YYYY`.
    case dayFirst = "day first"
    /// `MM/DD/YYYY`.
    case monthFirst = "month first"

    /// The order a country writes numeric dates in: month first in the United States, their
    /// territories and the few countries that follow them (the Philippines, Palau, Micronesia,
    /// the Marshall Islands); day first elsewhere.
    ///
    /// - Parameter code: An ISO 3166-1 alpha-2 code, in any case.
    public static func usual(inCountry code: String) -> DateOrder {
        monthFirstCountries.contains(code.uppercased()) ? .monthFirst : .dayFirst
    }

    /// The order a language tag implies (`de` day first, `en-US` month first), or `nil` when the
    /// tag alone does not say (plain `en` is written both ways).
    public static func usual(forLanguage tag: String) -> DateOrder? {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = parts.first, !language.isEmpty else { return nil }
        if let region = parts.dropFirst().first(where: { $0.count == 2 }) {
            return usual(inCountry: region)
        }
        return language == "en" ? nil : .dayFirst
    }

    private static let monthFirstCountries: Set<String> = ["US", "AS", "GU", "MP", "PR", "UM", "VI", "PH", "PW", "FM", "MH"]

    /// What a set of dates says about the order: `25.06.2027` or `25/06/2027` can only be day
    /// first, `06/25/2027` only month first. Returns the order every such date agrees on, with
    /// one of them as the example, or `nil` when none tells or they disagree.
    ///
    /// - Parameter texts: Texts that may be dates; the others are passed over.
    public static func evidence(in texts: some Sequence<String>) -> (order: DateOrder, example: String)? {
        var found: (order: DateOrder, example: String)?
        for text in texts {
            let bytes = Array(text.utf8)
            var start = 0
            while start < bytes.count {
                // Each run of digits that starts a number may start a date.
                guard (0x30...0x39).contains(bytes[start]), start == 0 || !(0x30...0x39).contains(bytes[start - 1]) else {
                    start += 1
                    continue
                }
                defer { start += 1 }
                guard let (first, second, length) = numericPair(bytes[start...]) else { continue }
                let order: DateOrder
                if first > 12, second <= 12 {
                    order = .dayFirst
                } else if second > 12, first <= 12 {
                    order = .monthFirst
                } else {
                    continue
                }
                if let found, found.order != order { return nil }
                if found == nil { found = (order, String(decoding: bytes[start..<start + length], as: UTF8.self)) }
            }
        }
        return found
    }

    /// The dates texts write in a form that cannot be misread: `2018-02-04` and `20180204`
    /// (years 1900 to 2099). A numeric date that could be read both ways and is one of these one
    /// way is that date (Eurowings writes `02-04-2018` beside a ticket number `20180204 EW8103`).
    public static func unambiguousDates(in texts: some Sequence<String>) -> Set<LocalDate> {
        var dates: Set<LocalDate> = []
        for text in texts {
            let bytes = Array(text.utf8)
            var start = 0
            while start + 8 <= bytes.count {
                defer { start += 1 }
                guard start == 0 || !(0x30...0x39).contains(bytes[start - 1]) else { continue }
                func digits(_ from: Int, _ count: Int) -> Int? {
                    guard from + count <= bytes.count else { return nil }
                    var value = 0
                    for index in from..<from + count {
                        guard (0x30...0x39).contains(bytes[index]) else { return nil }
                        value = value * 10 + Int(bytes[index] - 0x30)
                    }
                    return value
                }
                guard let year = digits(start, 4), (1900...2099).contains(year) else { continue }
                var month: Int?
                var day: Int?
                var end = start
                if start + 10 <= bytes.count, bytes[start + 4] == 0x2D, bytes[start + 7] == 0x2D {
                    (month, day, end) = (digits(start + 5, 2), digits(start + 8, 2), start + 10)
                } else {
                    (month, day, end) = (digits(start + 4, 2), digits(start + 6, 2), start + 8)
                }
                guard let month, let day, end == bytes.count || !(0x30...0x39).contains(bytes[end]),
                    let date = LocalDate(year: year, month: month, day: day)
                else { continue }
                dates.insert(date)
            }
        }
        return dates
    }

    /// `A` and `B` of bytes that start `A.B.YYYY`, `A/B/YYYY` or `A-B-YYYY` (one or two digits
    /// each, the same separator twice, a year of two or four digits), and the date's length.
    static func numericPair(_ text: ArraySlice<UInt8>) -> (Int, Int, length: Int)? {
        var bytes = text
        func number(maxDigits: Int) -> (value: Int, digits: Int)? {
            var value = 0
            var digits = 0
            while let byte = bytes.first, (0x30...0x39).contains(byte), digits < maxDigits {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                bytes = bytes.dropFirst()
            }
            return digits == 0 ? nil : (value, digits)
        }
        guard let first = number(maxDigits: 2), let separator = bytes.first, [0x2E, 0x2F, 0x2D].contains(separator) else { return nil }
        bytes = bytes.dropFirst()
        guard let second = number(maxDigits: 2), bytes.first == separator else { return nil }
        bytes = bytes.dropFirst()
        guard let year = number(maxDigits: 4), year.digits == 2 || year.digits == 4 else { return nil }
        if let next = bytes.first, (0x30...0x39).contains(next) { return nil }
        return (first.value, second.value, bytes.startIndex - text.startIndex)
    }
}
