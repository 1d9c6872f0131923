import Basics
import Foundation
import TextFolding

/// Reads dates and times as confirmation e-mails and booking pages write them when they do not
/// write ISO 8601: `15.06.2027 14:00`, `06/15/2027 2:30 PM`, `2027-06-15 14:00 UTC`,
/// `20270615T140000`, `Tue, 15 June 2027 14:00 +1:00`, `15 juin 2027 à 14h30`, `2027年6月15日`.
///
/// Text that is ISO 8601 is read as ``DateTimeValue/init(iso8601:)`` reads it. Anything else is
/// read with a record of how it departs from ISO 8601, so that a caller can report each lenient
/// reading. A numeric date whose first two numbers could be day and month either way
/// (`05/06/2027`) is ordered by the text itself when one number is above 12, else by
/// ``DateOrderHints``: the order the document's other dates show, dots (written day first
/// everywhere), and only then a guess from the document's language or country, which the reading
/// says is a guess.
///
/// ```swift
/// let reading = try LenientDateParser.read("15.06.2027 14:00") { DateOrderHints() }
/// reading.value        // 2027-06-15T14:00:00
/// reading.description  // read "15.06.2027 14:00" as 2027-06-15T14:00:00 (day first, as dates with dots are written; ...)
/// ```
public enum LenientDateParser {
    /// Reads `text`.
    ///
    /// - Parameters:
    ///   - text: The date or date-time as written.
    ///   - hints: What tells day from month when the text cannot; asked for only then.
    /// - Throws: ``ISO8601ParseError`` when the text is not a date in any form read here, or
    ///   names a day or time that does not exist.
    public static func read(_ text: String, hints: () -> DateOrderHints) throws(ISO8601ParseError) -> LenientDate {
        let strictFailure: ISO8601ParseError
        do {
            let strict = try DateTimeValue(iso8601: text)
            // ISO 8601 (and RFC 3339, whose space separator is still reported: schema.org wants ISO 8601).
            let trimmed = text.trimmingWhitespace()
            let bytes = Array(trimmed.utf8)
            let spaced = bytes.count > 10 && bytes[10] == 0x20
            return LenientDate(text: trimmed, value: strict, departures: spaced ? [.spaceInsteadOfT] : [])
        } catch {
            strictFailure = error
        }
        // ISO 8601 in shape, with a part that does not exist: that is the thing to say.
        if strictFailure.reason != nil { throw strictFailure }
        var failure: ISO8601ParseError?
        // A leading word may be a weekday ("Tue, 15 June") or a month ("Mar 15"): both are tried.
        for skipsWeekday in [true, false] {
            var scanner = Scanner(text)
            do {
                if let reading = try scanner.read(skippingWeekday: skipsWeekday, hints: hints) { return reading }
            } catch {
                failure = failure ?? error
            }
        }
        throw failure ?? ISO8601ParseError(text: text)
    }
}

/// What tells whether a numeric date such as `05/06/2027` is day first or month first.
public struct DateOrderHints: Sendable {
    /// The order the document's other dates show (`25/06/2027` can only be day first), with one
    /// of them: evidence, not a guess.
    public var document: (order: DateOrder, example: String)?
    /// The order the document's language or its sender's country suggests, and which it was
    /// (`the page's language, de`): a guess.
    public var guess: (order: DateOrder, reason: String)?
    /// Dates the document writes where they cannot be misread (`2018-02-04`, `20180204`): a
    /// date that is one of these read one way, and not the other, is that date.
    public var knownDates: Set<LocalDate>

    /// Creates hints.
    public init(
        document: (order: DateOrder, example: String)? = nil, guess: (order: DateOrder, reason: String)? = nil,
        knownDates: Set<LocalDate> = []
    ) {
        self.document = document
        self.guess = guess
        self.knownDates = knownDates
    }
}

extension LenientDateParser {
    /// One attempt at reading a text, scalar by scalar.
    fileprivate struct Scanner {
        let text: String
        let scalars: [Unicode.Scalar]
        var index = 0
        var departures: [LenientDate.Departure] = []
        /// Whether the date was `YYYY-MM-DD`, as ISO 8601 writes it.
        var isoDate = false

        init(_ text: String) {
            self.text = text.trimmingWhitespace()
            scalars = Array(self.text.unicodeScalars)
        }

        // MARK: Reading

        mutating func read(skippingWeekday: Bool, hints: () -> DateOrderHints) throws(ISO8601ParseError) -> LenientDate? {
            if skippingWeekday {
                guard let word = word(), Names.weekdays.contains(word.foldedForComparison) else { return nil }
                _ = take(",") || take(".")
                skipSpaces()
                departures.append(.weekdayName)
            }
            guard let date = try date(hints: hints) else { return nil }
            let afterDate = index
            skipSpaces()
            if atEnd { return finish(.date(date)) }
            index = afterDate
            guard let time = try time() else { return nil }
            let (zone, offset) = try zoneAndOffset()
            skipSpaces()
            guard atEnd else { return nil }
            return finish(.dateTime(LocalDateTime(date: date, time: time), timeZone: zone, utcOffset: offset))
        }

        private func finish(_ value: DateTimeValue) -> LenientDate {
            LenientDate(text: text, value: value, departures: departures)
        }

        // MARK: Dates

        /// The date, in any of the forms read here.
        mutating func date(hints: () -> DateOrderHints) throws(ISO8601ParseError) -> LocalDate? {
            let start = index
            if let first = number(maxDigits: 8) {
                switch first.digits {
                case 8 where peek == "T" || peek == "t" || atEnd || peek == " ":
                    departures.append(.basicFormat)
                    return try day(year: first.value / 10_000, month: first.value / 100 % 100, day: first.value % 100)
                case 4:
                    if let separator = peek, ["-", "/", "."].contains(separator) {
                        index += 1
                        guard let month = number(maxDigits: 2), take(separator), let day = number(maxDigits: 2) else { return nil }
                        if separator == "-" { isoDate = true } else { departures.append(.yearFirst(separator: separator)) }
                        return try self.day(year: first.value, month: month.value, day: day.value)
                    }
                    if take("年") {
                        // 2027年6月15日
                        guard let month = number(maxDigits: 2), take("月"), let day = number(maxDigits: 2), take("日") else { return nil }
                        departures.append(.japaneseDate)
                        return try self.day(year: first.value, month: month.value, day: day.value)
                    }
                    return nil
                case 1, 2:
                    // 15-Jan-2027, 15/jan/27, 15-janv.-2027, as railways and airlines write them
                    if let date = try dashedMonthName(day: first.value) { return date }
                    if let separator = peek, ["-", "/", "."].contains(separator), index + 1 < scalars.count,
                        Self.isDigit(scalars[index + 1])
                    {
                        index += 1
                        guard let second = number(maxDigits: 2), take(separator), let year = number(maxDigits: 4),
                            year.digits == 2 || year.digits == 4
                        else { return nil }
                        return try numeric(first.value, second.value, year: fullYear(year), separator: separator, hints: hints)
                    }
                    // 15 June 2027, 15. Juni 2027, 15 de junio de 2027, 1st June 2027
                    skipOrdinalSuffix()
                    _ = take(".")
                    skipSpaces()
                    skipParticle()
                    guard let month = monthName() else { return nil }
                    _ = take(",")
                    skipSpaces()
                    skipParticle()
                    guard let year = number(maxDigits: 4), year.digits == 4 else { return nil }
                    departures.append(.monthByName)
                    return try day(year: year.value, month: month, day: first.value)
                default:
                    return nil
                }
            }
            index = start
            // June 15, 2027; Jun 15th 2027
            guard let month = monthName() else { return nil }
            // Jan-15-2027
            if let separator = peek, separator == "-" || separator == "/" {
                let mark = index
                index += 1
                if let day = number(maxDigits: 2), take(separator), let year = number(maxDigits: 4), year.digits == 2 || year.digits == 4 {
                    departures.append(.monthByName)
                    return try self.day(year: fullYear(year), month: month, day: day.value)
                }
                index = mark
            }
            skipSpaces()
            guard let day = number(maxDigits: 2) else { return nil }
            skipOrdinalSuffix()
            _ = take(",")
            skipSpaces()
            guard let year = number(maxDigits: 4), year.digits == 4 else { return nil }
            departures.append(.monthByName)
            return try self.day(year: year.value, month: month, day: day.value)
        }

        /// `A.B.YYYY`, `A/B/YYYY`, `A-B-YYYY`: day and month in the order the text, the
        /// document or, failing both, a guess says.
        mutating func numeric(_ first: Int, _ second: Int, year: Int, separator: Unicode.Scalar, hints: () -> DateOrderHints)
            throws(ISO8601ParseError) -> LocalDate
        {
            let order: DateOrder
            if first > 12, second <= 12 {
                order = .dayFirst
                departures.append(.dayFirstByNumber(first))
            } else if second > 12, first <= 12 {
                order = .monthFirst
                departures.append(.monthFirstByNumber(second))
            } else if first == second {
                order = .dayFirst
                departures.append(.sameDayAndMonth)
            } else if case let known = hints().knownDates, let dayFirst = LocalDate(year: year, month: second, day: first),
                let monthFirst = LocalDate(year: year, month: first, day: second),
                known.contains(dayFirst) != known.contains(monthFirst)
            {
                order = known.contains(dayFirst) ? .dayFirst : .monthFirst
                let date = known.contains(dayFirst) ? dayFirst : monthFirst
                departures.append(.orderOfSameDate(order, date))
            } else if let document = hints().document {
                order = document.order
                departures.append(.orderOfDocument(order, example: document.example))
            } else if separator == "." {
                order = .dayFirst
                departures.append(.dayFirstWithDots)
            } else if let guessed = hints().guess {
                order = guessed.order
                departures.append(.orderGuessed(LenientDate.Guess(order: order, basis: guessed.reason), first: first, second: second))
            } else {
                order = .dayFirst
                departures.append(.orderGuessed(LenientDate.Guess(order: order, basis: nil), first: first, second: second))
            }
            return try order == .dayFirst
                ? day(year: year, month: second, day: first) : day(year: year, month: first, day: second)
        }

        mutating func fullYear(_ year: (value: Int, digits: Int)) -> Int {
            guard year.digits == 2 else { return year.value }
            departures.append(.twoDigitYear(readAs: 2000 + year.value))
            return 2000 + year.value
        }

        func day(year: Int, month: Int, day: Int) throws(ISO8601ParseError) -> LocalDate {
            guard (1...12).contains(month) else { throw ISO8601ParseError(text: text, reason: "month \(month) does not exist") }
            guard LocalDate.readableYears.contains(year) else {
                throw ISO8601ParseError(text: text, reason: "year \(LocalDate.digits(year, 4)) is outside 0002-9998, the years read here")
            }
            guard let date = LocalDate(year: year, month: month, day: day) else {
                throw ISO8601ParseError(
                    text: text,
                    reason: "\(LocalDate.digits(year, 4))-\(LocalDate.digits(month, 2))-\(LocalDate.digits(day, 2)) does not exist")
            }
            return date
        }

        /// After a day's number: `-Jan-2027`, `/jan/27`, `.Jan.2027` (the separator the same on
        /// both sides, the year of two digits or four), or `nil` with nothing taken.
        mutating func dashedMonthName(day: Int) throws(ISO8601ParseError) -> LocalDate? {
            guard let separator = peek, ["-", "/", "."].contains(separator), index + 1 < scalars.count,
                !Self.isDigit(scalars[index + 1]), scalars[index + 1] != " "
            else { return nil }
            let mark = index
            index += 1
            // A month written with its own dot ("janv.") before a "-" keeps that dot.
            if let month = monthName(), take(separator) || (separator == "." && scalars[index - 1] == "."),
                let year = number(maxDigits: 4), year.digits == 2 || year.digits == 4
            {
                departures.append(.monthByName)
                return try self.day(year: fullYear(year), month: month, day: day)
            }
            index = mark
            return nil
        }

        /// A month's name or abbreviation in English, French, German or Spanish: 1 to 12.
        mutating func monthName() -> Int? {
            let start = index
            guard let word = word(), let month = Names.months[word.foldedForComparison] else {
                index = start
                return nil
            }
            _ = take(".")
            return month
        }

        // MARK: Times

        /// The time, after the date and what separates them.
        mutating func time() throws(ISO8601ParseError) -> LocalTime? {
            let basicDate = departures.contains(.basicFormat)
            if take("T") || take("t") {
                if basicDate, let time = try basicTime() { return time }
            } else {
                // Spaces, a comma, or a word such as "at", "um", "à", "a las".
                var separated = false
                while true {
                    let before = index
                    skipSpaces()
                    if take(",") || take("@") || take("-") { separated = true; continue }
                    if let word = peekWord(), Names.timeMarkers.contains(word.foldedForComparison) {
                        _ = self.word()
                        _ = take(".")
                        separated = true
                        continue
                    }
                    if index > before { separated = true; continue }
                    break
                }
                guard separated else { return nil }
                if isoDate { departures.append(.spaceInsteadOfT) }
            }
            guard let hour = number(maxDigits: 2) else { return nil }
            var minute = 0
            var second = 0
            var hasMinutes = false
            if take(":") {
                guard let value = number(maxDigits: 2), value.digits == 2 else { return nil }
                minute = value.value
                hasMinutes = true
                if take(":") {
                    guard let value = number(maxDigits: 2), value.digits == 2 else { return nil }
                    second = value.value
                    if take(".") || take(",") { while let scalar = peek, Self.isDigit(scalar) { index += 1 } }
                }
            } else if take("h") || take("H") {
                // 14h30, 14h
                if let value = number(maxDigits: 2), value.digits == 2 { minute = value.value }
                hasMinutes = true
                departures.append(.hourWithH)
            } else if peek == ".", index + 1 < scalars.count, Self.isDigit(scalars[index + 1]) {
                // 14.30 Uhr
                index += 1
                guard let value = number(maxDigits: 2), value.digits == 2 else { return nil }
                minute = value.value
                hasMinutes = true
                departures.append(.timeWithDot)
            }
            var hour24 = hour.value
            let beforeMeridiem = index
            skipSpaces()
            if let meridiem = meridiem() {
                guard (1...12).contains(hour24) else {
                    throw ISO8601ParseError(text: text, reason: "\(hour24) is not an hour of a 12-hour clock")
                }
                hour24 = hour24 % 12 + (meridiem == .pm ? 12 : 0)
                departures.append(.twelveHourClock)
            } else {
                index = beforeMeridiem
                guard hasMinutes else { return nil }
                let beforeUhr = index
                skipSpaces()
                if let word = peekWord(), ["uhr", "h", "hrs", "horas"].contains(word.foldedForComparison) { _ = self.word() } else { index = beforeUhr }
            }
            guard let time = LocalTime(hour: hour24, minute: minute, second: min(second, 59)) else {
                throw ISO8601ParseError(
                    text: text, reason: "\(LocalDate.digits(hour24, 2)):\(LocalDate.digits(minute, 2)) is not a time of day")
            }
            return time
        }

        /// `hhmm` or `hhmmss` after a basic date's `T`.
        mutating func basicTime() throws(ISO8601ParseError) -> LocalTime? {
            let start = index
            guard let digits = number(maxDigits: 6), digits.digits == 4 || digits.digits == 6 else {
                index = start
                return nil
            }
            let (hour, minute, second) =
                digits.digits == 4
                ? (digits.value / 100, digits.value % 100, 0) : (digits.value / 10_000, digits.value / 100 % 100, digits.value % 100)
            guard let time = LocalTime(hour: hour, minute: minute, second: second) else {
                throw ISO8601ParseError(text: text, reason: "\(digits.value) is not a time of day")
            }
            return time
        }

        enum Meridiem { case am, pm }

        mutating func meridiem() -> Meridiem? {
            let start = index
            guard let first = peek, first == "a" || first == "A" || first == "p" || first == "P" else { return nil }
            index += 1
            _ = take(".")
            guard take("m") || take("M") else {
                index = start
                return nil
            }
            _ = take(".")
            if let next = peek, next.properties.isAlphabetic {
                index = start
                return nil
            }
            return first == "a" || first == "A" ? .am : .pm
        }

        // MARK: Zones and offsets

        /// What follows the time: `Z`, an offset, `UTC`/`GMT` with or without an offset, a
        /// bracketed IANA zone, an IANA zone name, or a common abbreviation.
        mutating func zoneAndOffset() throws(ISO8601ParseError) -> (zone: String?, offset: UTCOffset?) {
            var zone: String?
            var offset: UTCOffset?
            let start = index
            skipSpaces()
            if take("Z") || take("z") {
                offset = .zero
            } else if let sign = peek, sign == "+" || sign == "-" {
                offset = try self.offset()
            } else if take("(") {
                // (UTC+02:00)
                let inner = try zoneAndOffset()
                guard take(")") else { return (nil, nil) }
                departures.append(.offsetInParentheses)
                return inner
            } else if let word = peekWord(), ["utc", "gmt"].contains(word.lowercased()) {
                _ = self.word()
                if let sign = peek, sign == "+" || sign == "-" {
                    offset = try self.offset()
                } else {
                    offset = .zero
                }
                departures.append(.zoneAsWord(word.uppercased()))
            } else if let word = peekWord(), let hours = Names.abbreviations[word.uppercased()] {
                _ = self.word()
                offset = UTCOffset(seconds: hours * 3600)
                departures.append(.abbreviation(word.uppercased(), offset!))
            } else if peek != "[", let name = zoneName() {
                zone = name
                departures.append(.zoneWithoutBrackets)
            } else {
                index = start
            }
            skipSpaces()
            if take("[") {
                let nameStart = index
                while let scalar = peek, scalar != "]" { index += 1 }
                guard take("]") else { throw ISO8601ParseError(text: text, reason: "a bracketed suffix is not closed") }
                let name = String(String.UnicodeScalarView(scalars[nameStart..<(index - 1)]))
                guard TimeZoneRules.isKnown(name) else { throw ISO8601ParseError(text: text, reason: "unknown time zone \"\(name)\"") }
                zone = name
            }
            return (zone, offset)
        }

        /// `+1`, `+01`, `+1:00`, `+01:00`, `+0100`, `-5:30`.
        mutating func offset() throws(ISO8601ParseError) -> UTCOffset {
            let negative = peek == "-"
            index += 1
            guard let hours = number(maxDigits: 4) else { throw ISO8601ParseError(text: text) }
            let h = hours.digits > 2 ? hours.value / 100 : hours.value
            var m = hours.digits > 2 ? hours.value % 100 : 0
            if hours.digits <= 2, take(":") {
                guard let minutes = number(maxDigits: 2), minutes.digits == 2 else { throw ISO8601ParseError(text: text) }
                m = minutes.value
            }
            if hours.digits == 1 || hours.digits == 3 { departures.append(.oneDigitOffsetHour) }
            guard m < 60, let offset = UTCOffset(seconds: (h * 3600 + m * 60) * (negative ? -1 : 1)) else {
                throw ISO8601ParseError(text: text, reason: "the UTC offset is not one")
            }
            return offset
        }

        /// An IANA zone name written as a word (`Europe/Berlin`), when the tz database has it.
        mutating func zoneName() -> String? {
            let start = index
            while let scalar = peek, scalar.properties.isAlphabetic || Self.isDigit(scalar) || "/_+-".unicodeScalars.contains(scalar) {
                index += 1
            }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            guard name.contains("/"), TimeZoneRules.isKnown(name) else {
                index = start
                return nil
            }
            return name
        }

        // MARK: Pieces

        var atEnd: Bool { index >= scalars.count }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        mutating func skipSpaces() {
            while let scalar = peek, scalar.properties.isWhitespace { index += 1 }
        }

        /// Up to `maxDigits` digits: their value and how many there were.
        mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
            var value = 0
            var digits = 0
            while let scalar = peek, Self.isDigit(scalar), digits < maxDigits {
                value = value * 10 + Int(scalar.value - 0x30)
                digits += 1
                index += 1
            }
            // More digits than asked for: not this shape.
            if let scalar = peek, Self.isDigit(scalar) {
                index -= digits
                return nil
            }
            return digits == 0 ? nil : (value, digits)
        }

        /// A run of letters (and a dot inside it, as in `a.m.`... not kept).
        mutating func word() -> String? {
            let start = index
            while let scalar = peek, scalar.properties.isAlphabetic { index += 1 }
            return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
        }

        func peekWord() -> String? {
            var copy = self
            return copy.word()
        }

        mutating func skipOrdinalSuffix() {
            let start = index
            if let word = word(), ["st", "nd", "rd", "th", "er", "e", "º", "°"].contains(word.lowercased()) { return }
            index = start
            _ = take("º") || take("°")
        }

        /// The "de" of "15 de junio de 2027".
        mutating func skipParticle() {
            let start = index
            if let word = word(), ["de", "del"].contains(word.lowercased()) {
                skipSpaces()
                return
            }
            index = start
        }
    }

    /// Names of months, weekdays and zones, in the languages the tool writes in.
    fileprivate enum Names {
        static let months: [String: Int] = {
            let lists: [[String]] = [
                // English
                ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"],
                ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
                // French
                ["janvier", "fevrier", "mars", "avril", "mai", "juin", "juillet", "aout", "septembre", "octobre", "novembre", "decembre"],
                ["janv", "fevr", "mars", "avr", "mai", "juin", "juil", "aout", "sept", "oct", "nov", "dec"],
                // German
                ["januar", "februar", "marz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"],
                ["jan", "feb", "mrz", "apr", "mai", "jun", "jul", "aug", "sep", "okt", "nov", "dez"],
                // Spanish
                ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
                ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"],
            ]
            var months: [String: Int] = ["sept": 9, "jänner": 1, "janner": 1, "setiembre": 9, "set": 9, "maerz": 3]
            for list in lists {
                for (index, name) in list.enumerated() where months[name] == nil { months[name] = index + 1 }
            }
            return months
        }()

        static let weekdays: Set<String> = [
            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
            "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "lun", "mar", "mer", "jeu", "ven", "sam", "dim",
            "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag", "mo", "di", "mi", "do", "fr", "sa", "so",
            "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo", "mie", "jue", "vie", "sab", "dom",
        ]

        /// Words between a date and its time.
        static let timeMarkers: Set<String> = ["at", "um", "a", "las", "alle", "ore", "om", "kl", "klo", "ab"]

        /// Abbreviations that name one offset wherever they are written (North America, Europe,
        /// Japan, eastern Australia); ambiguous ones (IST, BST...) are not read.
        static let abbreviations: [String: Int] = [
            "PST": -8, "PDT": -7, "MST": -7, "MDT": -6, "CST": -6, "CDT": -5, "EST": -5, "EDT": -4, "AKST": -9, "AKDT": -8,
            "HST": -10, "WET": 0, "WEST": 1, "CET": 1, "CEST": 2, "MEZ": 1, "MESZ": 2, "EET": 2, "EEST": 3, "MSK": 3, "JST": 9,
            "KST": 9, "AEST": 10, "AEDT": 11,
        ]
    }
}
