import Basics
import Chrono

/// A CLDR date pattern (`EEE, MMM d, y 'at' h:mm a`) with the month and weekday names it needs,
/// applied to wall times directly: no calendar, no time zone, no ICU call per event.
///
/// The patterns of the five languages the package writes are built in
/// (``builtIn(language:)``), so writing English notes never starts ICU; other tags (`en-GB`,
/// `es-MX`) take their patterns and names from Foundation once, when the synthesizer is made.
///
/// The texts a pattern writes (its literals, the names, AM and PM) are kept in one array, and
/// what it writes where as ranges of it: formatting reads them in place. Every thread writing
/// notes shares the one pattern, and a copy of an array of its own (a name, a literal) for each
/// field written would make both threads count references to the same few objects, which on
/// two processors costs more than the formatting itself.
struct DatePattern: Sendable, Hashable {
    private enum Token: Sendable, Hashable {
        case literal(Range<Int>)
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
    /// The literals, then the weekday names, the month names, AM and PM, as UTF-8.
    private let texts: [UInt8]
    /// Where in `texts` the names are: the abbreviated weekdays, Sunday first, then the
    /// abbreviated months in the form used inside dates, then AM, then PM.
    private let names: [Range<Int>]
    /// The most bytes one formatted time takes.
    private let capacity: Int

    private static let monthsStart = 7
    private static let amIndex = 19
    private static let pmIndex = 20

    /// Parses a pattern, or returns `nil` when it uses a field this type does not write (the
    /// caller then formats through Foundation).
    init?(_ pattern: String, weekdays: [String], months: [String], am: String, pm: String) {
        guard weekdays.count == 7, months.count == 12 else { return nil }
        var tokens: [Token] = []
        var texts: [UInt8] = []
        var literal = ""
        let characters = Array(pattern)
        var index = 0
        func flush() {
            if !literal.isEmpty {
                tokens.append(.literal(texts.count..<texts.count + literal.utf8.count))
                texts += literal.utf8
            }
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
        var names: [Range<Int>] = []
        for name in weekdays + months + [am, pm] {
            names.append(texts.count..<texts.count + name.utf8.count)
            texts += name.utf8
        }
        func longest(_ range: Range<Int>) -> Int { names[range].map(\.count).max() ?? 0 }
        func length(_ token: Token) -> Int {
            switch token {
            case .literal(let range): range.count
            case .weekday: longest(0..<Self.monthsStart)
            case .monthName: longest(Self.monthsStart..<Self.amIndex)
            case .dayPeriod: longest(Self.amIndex..<Self.pmIndex + 1)
            case .year(let digits): max(digits, 4)
            case .day, .month, .hour12, .hour24, .minute: 2
            }
        }
        capacity = tokens.reduce(0) { $0 + length($1) }
        self.tokens = tokens
        self.texts = texts
        self.names = names
    }

    /// The wall time written with the pattern.
    func format(_ local: LocalDateTime) -> String {
        let date = local.date
        let time = local.time
        return texts.withUnsafeBufferPointer { texts in
            String(unsafeUninitializedCapacity: capacity) { text in
                var count = 0
                func put(_ range: Range<Int>) {
                    for index in range {
                        text[count] = texts[index]
                        count += 1
                    }
                }
                /// The decimal digits of a value from 0 to 9999, zero-padded to `width`.
                func put(_ value: Int, width: Int) {
                    let digits = value >= 1000 ? 4 : value >= 100 ? 3 : value >= 10 ? 2 : 1
                    for _ in digits..<max(width, digits) {
                        text[count] = UInt8(ascii: "0")
                        count += 1
                    }
                    var rest = value
                    for place in stride(from: count + digits - 1, through: count, by: -1) {
                        text[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                    count += digits
                }
                for index in tokens.indices {
                    switch tokens[index] {
                    case .literal(let range): put(range)
                    case .weekday: put(names[date.isoWeekday % 7])
                    case .day(let padded): put(date.day, width: padded ? 2 : 1)
                    case .monthName: put(names[Self.monthsStart + date.month - 1])
                    case .month(let padded): put(date.month, width: padded ? 2 : 1)
                    case .year(let digits):
                        // `yy` is the last two digits; any other count is the whole year, zero-padded.
                        if digits == 2 { put(date.year % 100, width: 2) } else { put(date.year % 10000, width: digits) }
                    case .hour12(let padded):
                        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
                        put(hour, width: padded ? 2 : 1)
                    case .hour24(let padded): put(time.hour, width: padded ? 2 : 1)
                    case .minute: put(time.minute, width: 2)
                    case .dayPeriod: put(names[time.hour < 12 ? Self.amIndex : Self.pmIndex])
                    }
                }
                return count
            }
        }
    }
}
