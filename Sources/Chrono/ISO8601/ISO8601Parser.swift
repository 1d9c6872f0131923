/// Reads ISO 8601 dates and date-times in the extended format of RFC 3339, with the time-zone
/// suffix of RFC 9557.
///
/// Accepted: `YYYY-MM-DD`, then optionally `T` (or `t` or a space), `hh:mm`, `:ss`, a fraction
/// (dropped: iCalendar counts whole seconds), an offset (`Z`, `±hh:mm`, `±hhmm`, `±hh`), and
/// bracketed suffixes: an IANA zone `[Europe/Paris]` (a leading `!` is allowed) or an offset
/// `[+02:00]`; suffixes with `=` (such as `[u-ca=gregory]`) are extensions and are ignored.
struct ISO8601Parser {
    private let text: String
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        self.text = text
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { bytes.removeLast() }
        let leading = bytes.prefix(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }).count
        self.bytes = Array(bytes.dropFirst(leading))
    }

    mutating func parse() throws(ISO8601ParseError) -> DateTimeValue {
        guard let year = number(digits: 4), take(0x2D), let month = number(digits: 2), take(0x2D),
            let day = number(digits: 2)
        else { throw ISO8601ParseError(text: text) }
        guard (1...12).contains(month) else { throw failure("month \(month) does not exist") }
        guard LocalDate.readableYears.contains(year) else {
            throw failure("year \(LocalDate.digits(year, 4)) is outside 0002-9998, the years read here")
        }
        guard let date = LocalDate(year: year, month: month, day: day) else {
            throw failure("\(LocalDate.digits(year, 4))-\(LocalDate.digits(month, 2))-\(LocalDate.digits(day, 2)) does not exist")
        }
        if atEnd { return .date(date) }

        guard take(0x54) || take(0x74) || take(0x20) else { throw ISO8601ParseError(text: text) }
        guard let hour = number(digits: 2), take(0x3A), let minute = number(digits: 2) else {
            throw ISO8601ParseError(text: text)
        }
        var second = 0
        if take(0x3A) {
            guard let value = number(digits: 2) else { throw ISO8601ParseError(text: text) }
            second = value
            if take(0x2E) || take(0x2C) {
                let start = index
                while let byte = peek, isDigit(byte) { index += 1 }
                guard index > start else { throw ISO8601ParseError(text: text) }
            }
        }
        if hour == 24, minute == 0, second == 0 {
            throw failure("write 24:00 as 00:00 on the next day")
        }
        guard let time = LocalTime(hour: hour, minute: minute, second: second) else {
            throw failure("\(LocalDate.digits(hour, 2)):\(LocalDate.digits(minute, 2)):\(LocalDate.digits(second, 2)) is not a time of day")
        }

        var offset: UTCOffset?
        if take(0x5A) || take(0x7A) {
            offset = .zero
        } else if let sign = peek, sign == 0x2B || sign == 0x2D {
            offset = try readOffset()
        }

        var zone: String?
        while take(0x5B) {
            _ = take(0x21)  // the RFC 9557 "critical" flag
            let start = index
            while let byte = peek, byte != 0x5D { index += 1 }
            guard take(0x5D) else { throw failure("a bracketed suffix is not closed") }
            let tag = String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
            if tag.contains("=") { continue }
            if let first = tag.utf8.first, first == 0x2B || first == 0x2D {
                var inner = ISO8601Parser(tag)
                let tagged = try inner.readOffset(wholeText: text)
                guard inner.atEnd else { throw failure("[\(tag)] is neither a time zone nor a UTC offset") }
                if let offset, offset != tagged {
                    throw failure("the offset \(offset) disagrees with the suffix [\(tag)]")
                }
                offset = tagged
                continue
            }
            guard zone == nil else { throw failure("more than one time zone is given") }
            guard TimeZoneRules.isKnown(tag) else { throw failure("unknown time zone \"\(tag)\"") }
            zone = tag
        }
        guard atEnd else { throw ISO8601ParseError(text: text) }
        return .dateTime(LocalDateTime(date: date, time: time), timeZone: zone, utcOffset: offset)
    }

    /// Reads `±hh`, `±hhmm`, `±hh:mm` or `±hh:mm:ss` at the current position.
    private mutating func readOffset(wholeText: String? = nil) throws(ISO8601ParseError) -> UTCOffset {
        let reported = wholeText ?? text
        guard let sign = peek, sign == 0x2B || sign == 0x2D else { throw ISO8601ParseError(text: reported) }
        index += 1
        guard let hours = number(digits: 2) else { throw ISO8601ParseError(text: reported) }
        var minutes = 0
        var seconds = 0
        let colon = take(0x3A)
        if let byte = peek, isDigit(byte) {
            guard let value = number(digits: 2) else { throw ISO8601ParseError(text: reported) }
            minutes = value
            if colon, take(0x3A) {
                guard let value = number(digits: 2) else { throw ISO8601ParseError(text: reported) }
                seconds = value
            }
        } else if colon {
            throw ISO8601ParseError(text: reported)
        }
        guard minutes < 60, seconds < 60 else {
            throw ISO8601ParseError(text: reported, reason: "the UTC offset has \(minutes) minutes")
        }
        let total = (hours * 3600 + minutes * 60 + seconds) * (sign == 0x2D ? -1 : 1)
        guard let offset = UTCOffset(seconds: total) else {
            throw ISO8601ParseError(text: reported, reason: "a UTC offset cannot exceed 18 hours")
        }
        return offset
    }

    private var atEnd: Bool { index == bytes.count }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    private mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<digits {
            let byte = bytes[index + offset]
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        index += digits
        return value
    }

    private func failure(_ reason: String) -> ISO8601ParseError {
        ISO8601ParseError(text: text, reason: reason)
    }
}
