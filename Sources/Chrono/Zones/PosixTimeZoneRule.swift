/// A POSIX TZ rule as TZif footers carry it (RFC 8536 section 3.3, POSIX.1 section 8.3, with the
/// extensions of TZif version 3): `EST5EDT,M3.2.0,M11.1.0`, `<+0545>-5:45`, `IST-2IDT,M3.4.4/26,M10.5.0`.
///
/// Offsets in the string count hours west of Greenwich; they are stored here east of it, as
/// everywhere else in Chrono.
struct PosixTimeZoneRule: Sendable, Hashable {
    /// The standard offset, seconds east of UTC.
    let standardOffset: Int32
    /// The abbreviation of standard time (`CET`, `+0545`).
    let standardName: String
    /// Daylight saving time, when the zone has it.
    let daylight: Daylight?

    struct Daylight: Sendable, Hashable {
        /// The daylight offset, seconds east of UTC.
        var offset: Int32
        /// The abbreviation of daylight time (`CEST`).
        var name: String
        /// When it starts, in standard local time, and ends, in daylight local time.
        var start: Transition
        var end: Transition
    }

    /// A yearly transition: a day of the year and a local time of that day (which may be negative
    /// or beyond 24 hours).
    struct Transition: Sendable, Hashable {
        enum Day: Sendable, Hashable {
            /// `Jn`: day 1 to 365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0 to 365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 is Sunday) of week `w` (5 is the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        var day: Day
        var seconds: Int

        /// The day this transition falls on in `year`.
        func date(in year: Int) -> LocalDate {
            let january1 = LocalDate(year: year, month: 1, day: 1)!
            switch day {
            case .julian(let number):
                // Day 60 is March 1 in every year.
                let leapShift = LocalDate.isLeapYear(year) && number >= 60 ? 1 : 0
                return january1.adding(days: number - 1 + leapShift)
            case .zeroBased(let number):
                return january1.adding(days: number)
            case .monthWeekDay(let month, let week, let weekday):
                let first = LocalDate(year: year, month: month, day: 1)!
                // isoWeekday: Monday 1 ... Sunday 7; POSIX: Sunday 0 ... Saturday 6.
                let firstWeekday = first.isoWeekday % 7
                var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let length = LocalDate.numberOfDays(inMonth: month, year: year)
                while day > length { day -= 7 }
                return LocalDate(year: year, month: month, day: day)!
            }
        }
    }

    /// Parses a TZ string, or returns `nil` for one this reader does not understand (empty included).
    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = Int32(-standard)
        self.standardName = standardName
        if scanner.isAtEnd {
            daylight = nil
            return
        }
        guard let daylightName = scanner.name() else { return nil }
        var daylightOffset = -standard + 3600
        if let explicit = scanner.offset() { daylightOffset = -explicit }
        // Without a rule, POSIX leaves the dates to the implementation; tzdata always writes one.
        guard scanner.take(","), let start = scanner.transition(), scanner.take(","), let end = scanner.transition(),
            scanner.isAtEnd
        else { return nil }
        daylight = Daylight(offset: Int32(daylightOffset), name: daylightName, start: start, end: end)
    }

    /// The offset in force at `seconds` since the epoch.
    func offset(at seconds: Int64) -> Int32 {
        guard let daylight else { return standardOffset }
        let year = LocalDateTime(secondsSinceEpoch: seconds + Int64(standardOffset)).date.year
        let start = instant(of: daylight.start, in: year, offset: standardOffset)
        let end = instant(of: daylight.end, in: year, offset: daylight.offset)
        let inDaylight = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// The instants at which the offset changes, in order, for the years given.
    func transitions(fromYear first: Int, toYear last: Int) -> [Int64] {
        // Within the calendar's years: callers reach a year past the ends of the years read
        // (a window of zone rules around an event of 9998), which no date holds.
        let (first, last) = (max(1, first), min(9999, last))
        guard let daylight, first <= last else { return [] }
        var instants: [Int64] = []
        for year in first...last {
            instants.append(instant(of: daylight.start, in: year, offset: standardOffset))
            instants.append(instant(of: daylight.end, in: year, offset: daylight.offset))
        }
        return instants.sorted()
    }

    private func instant(of transition: Transition, in year: Int, offset: Int32) -> Int64 {
        Int64(transition.date(in: year).daysSinceEpoch) * 86_400 + Int64(transition.seconds) - Int64(offset)
    }

    /// Reads the pieces of a TZ string.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or anything between `<` and `>`.
        mutating func name() -> String? {
            if take("<") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")), close > index else { return nil }
                defer { index = close + 1 }
                return String(decoding: bytes[index..<close], as: UTF8.self)
            }
            let start = index
            while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") {
                index += 1
            }
            return index - start >= 3 ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// `[+-]hh[:mm[:ss]]`, in seconds.
        mutating func offset() -> Int? {
            let negative = take("-")
            if !negative { _ = take("+") }
            guard let value = clock() else { return nil }
            return negative ? -value : value
        }

        /// A transition: a day, then optionally `/` and a time (`[+-]hhh[:mm[:ss]]`, default 02:00).
        mutating func transition() -> Transition? {
            let day: Transition.Day
            if take("M") {
                guard let month = number(), take("."), let week = number(), take("."), let weekday = number(),
                    (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday)
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else if take("J") {
                guard let number = number(), (1...365).contains(number) else { return nil }
                day = .julian(number)
            } else {
                guard let number = number(), (0...365).contains(number) else { return nil }
                day = .zeroBased(number)
            }
            var seconds = 7200
            if take("/") {
                guard let time = offset(), abs(time) <= 167 * 3600 else { return nil }
                seconds = time
            }
            return Transition(day: day, seconds: seconds)
        }

        /// `hh[:mm[:ss]]` in seconds.
        private mutating func clock() -> Int? {
            guard let hours = number() else { return nil }
            var seconds = hours * 3600
            if take(":") {
                guard let minutes = number(), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let extra = number(), extra < 60 else { return nil }
                    seconds += extra
                }
            }
            return seconds
        }

        private mutating func number() -> Int? {
            let start = index
            var value = 0
            while index < bytes.count, index - start < 4, let digit = bytes[index].asciiDigit {
                value = value * 10 + digit
                index += 1
            }
            return index > start ? value : nil
        }
    }
}

extension UInt8 {
    fileprivate var asciiDigit: Int? {
        self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") ? Int(self - UInt8(ascii: "0")) : nil
    }
}
