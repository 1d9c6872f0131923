import Basics
import Chrono

/// A CLDR date pattern (`EEE, MMM d, y 'at' h:mm a`) with the month and weekday names it needs,
/// applied to wall times directly: no calendar, no time zone, no ICU call per event.
///
/// The patterns of the five languages the package writes are built in
/// (``builtIn(language:)``), so writing English notes never starts ICU; other tags (`en-GB`,
/// `es-MX`) take their patterns and names from Foundation once, when the synthesizer is made.
struct DatePattern: Sendable, Hashable {
    private enum Token: Sendable, Hashable {
        case literal([UInt8])
        case weekday
        case day(padded: Bool)
        case monthName
        case month(padded: Bool)
        case year(digits: Int)
        case hour12(padded: Bool)
        case hour24(padded: Bool)
        case minute
        case dayPeriod
    }

    private let tokens: [Token]
    /// Abbreviated weekday names, Sunday first, as UTF-8.
    private let weekdays: [[UInt8]]
    /// Abbreviated month names, in the form used inside dates, as UTF-8.
    private let months: [[UInt8]]
    private let am: [UInt8]
    private let pm: [UInt8]

    /// Parses a pattern, or returns `nil` when it uses a field this type does not write (the
    /// caller then formats through Foundation).
    init?(_ pattern: String, weekdays: [String], months: [String], am: String, pm: String) {
        guard weekdays.count == 7, months.count == 12 else { return nil }
        var tokens: [Token] = []
        var literal = ""
        let characters = Array(pattern)
        var index = 0
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(Array(literal.utf8))) }
            literal = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // 'quoted text', with '' for a quote.
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    literal.append("'")
                    index += 2
                    continue
                }
                index += 1
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            literal.append("'")
                            index += 2
                            continue
                        }
                        break
                    }
                    literal.append(characters[index])
                    index += 1
                }
                index += 1
                continue
            }
            guard character.isASCII, character.isLetter else {
                literal.append(character)
                index += 1
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            index += count
            flush()
            switch (character, count) {
            case ("E", 1...3): tokens.append(.weekday)
            case ("d", 1...2): tokens.append(.day(padded: count == 2))
            case ("M", 3), ("L", 3): tokens.append(.monthName)
            case ("M", 1...2), ("L", 1...2): tokens.append(.month(padded: count == 2))
            case ("y", _): tokens.append(.year(digits: count))
            case ("h", 1...2): tokens.append(.hour12(padded: count == 2))
            case ("H", 1...2): tokens.append(.hour24(padded: count == 2))
            case ("m", 1...2): tokens.append(.minute)
            case ("a", 1...3): tokens.append(.dayPeriod)
            default: return nil
            }
        }
        flush()
        self.tokens = tokens
        self.weekdays = weekdays.map { Array($0.utf8) }
        self.months = months.map { Array($0.utf8) }
        self.am = Array(am.utf8)
        self.pm = Array(pm.utf8)
    }

    /// The wall time written with the pattern.
    func format(_ local: LocalDateTime) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(48)
        let date = local.date
        let time = local.time
        for token in tokens {
            switch token {
            case .literal(let literal): text += literal
            case .weekday: text += weekdays[date.isoWeekday % 7]
            case .day(let padded): Self.append(date.day, width: padded ? 2 : 1, to: &text)
            case .monthName: text += months[date.month - 1]
            case .month(let padded): Self.append(date.month, width: padded ? 2 : 1, to: &text)
            case .year(let digits):
                // `yy` is the last two digits; any other count is the whole year, zero-padded.
                if digits == 2 { Self.append(date.year % 100, width: 2, to: &text) } else { Self.append(date.year, width: digits, to: &text) }
            case .hour12(let padded):
                let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
                Self.append(hour, width: padded ? 2 : 1, to: &text)
            case .hour24(let padded): Self.append(time.hour, width: padded ? 2 : 1, to: &text)
            case .minute: Self.append(time.minute, width: 2, to: &text)
            case .dayPeriod: text += time.hour < 12 ? am : pm
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The decimal digits of a value from 0 to 9999, zero-padded to `width`.
    private static func append(_ value: Int, width: Int, to text: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        var count = 0
        var rest = value
        repeat {
            let digit = UInt8(ascii: "0") + UInt8(rest % 10)
            switch count {
            case 0: digits.0 = digit
            case 1: digits.1 = digit
            case 2: digits.2 = digit
            default: digits.3 = digit
            }
            rest /= 10
            count += 1
        } while rest > 0 && count < 4
        if width > count { text += repeatElement(UInt8(ascii: "0"), count: width - count) }
        withUnsafeBytes(of: digits) { bytes in
            for index in stride(from: count - 1, through: 0, by: -1) { text.append(bytes[index]) }
        }
    }
}
