import Chrono
import EventModel
import TestSupport
import Testing

@testable import ICalendar

/// ``EventText`` writes events without libical, as libical would: these tests hold it to
/// ``EventComponent``, which builds each event through libical, byte for byte.
@Suite("Writing events directly, as libical writes them")
struct EventTextTests {
    private func direct(_ event: CalendarEvent, extensions: [String: String] = [:]) throws -> String {
        var output: [UInt8] = []
        try EventText.write(event, stamp: Self.stamp, extensions: extensions, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func throughLibical(_ event: CalendarEvent, extensions: [String: String] = [:]) throws -> String {
        var output: [UInt8] = []
        try EventComponent.write(event, stamp: Self.stamp, extensions: extensions, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static let stamp = Instant(secondsSinceEpoch: 1_790_000_000)

    @Test("a full event, with every property, comes out as libical writes it")
    func fullEvent() throws {
        let event = CalendarEvent(
            uid: "a1b2;c,d\\e", summary: "Flight AF 1234 · Paris → Helsinki", start: Self.zoned(2027, 1, 15, 6, 0, "Europe/Paris"),
            end: .utc(LocalDateTime(year: 2027, month: 1, day: 15, hour: 9, minute: 5)!),
            notes: "Seat 12A\nGate B; terminal 2, level 3\\4\r\nBaggage\u{0B}ok\ttab", location: "Paris, CDG",
            geo: GeoCoordinate(latitude: 49.0097, longitude: 2.5479),
            structuredLocation: StructuredLocation(
                title: "Charles \"de\" Gaulle; T2", address: "95700 Roissy-en-France, France", coordinate: GeoCoordinate(latitude: 49.0097, longitude: 2.5479),
                radius: 250.4),
            status: .confirmed, transparency: .opaque, travelTime: 2_700, url: "https://example.com/trip?a=1 b",
            alarms: [
                EventAlarm(trigger: .beforeStart(seconds: 86_400), message: "Check in", url: "https://example.com/check-in"),
                EventAlarm(trigger: .at(Instant(secondsSinceEpoch: 1_799_000_000)), message: "Leave; now, please"),
            ],
            categories: ["Flight", "Travel, work; fun"], sequence: 3, stamp: nil, lastModified: Instant(secondsSinceEpoch: 1_795_000_000))
        let extensions = ["X-RESERVATION-FEED-DIGEST": "sha256:AbC+/=_-.@", "X-B": "1"]
        #expect(try direct(event, extensions: extensions) == throughLibical(event, extensions: extensions))
    }

    @Test("thousands of generated events, with every kind of time and awkward text, come out as libical writes them")
    func generated() throws {
        var generator = SeededGenerator(seed: 0x5EED_1CA1)
        var differences: [String] = []
        for _ in 0..<4_000 {
            let event = Self.randomEvent(using: &generator)
            let extensions = Bool.random(using: &generator) ? ["X-RESERVATION-FEED-DIGEST": "d\(Int.random(in: 0...999, using: &generator))"] : [:]
            let ours = try direct(event, extensions: extensions)
            let reference = try throughLibical(event, extensions: extensions)
            if ours != reference, differences.count < 3 { differences.append("ours:\n\(ours)\nlibical:\n\(reference)") }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n---\n"))")
    }

    @Test("what either writer refuses, the other refuses the same way")
    func refusals() {
        let tooLate = CalendarEvent(uid: "u", summary: "s", start: .date(LocalDate(year: 3001, month: 1, day: 1)!))
        #expect(throws: ICalendarError.self) { try direct(tooLate) }
        #expect(throws: ICalendarError.self) { try throughLibical(tooLate) }
        let event = CalendarEvent(uid: "u", summary: "s", start: .date(LocalDate(year: 2027, month: 1, day: 1)!))
        for extensions in [["X-A": "a,b"], ["NOT-X": "a"], ["X-A": ""]] {
            #expect(throws: ICalendarError.self) { try direct(event, extensions: extensions) }
            #expect(throws: ICalendarError.self) { try throughLibical(event, extensions: extensions) }
        }
    }

    // MARK: Generated events

    private static func zoned(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ zone: String) -> EventTime {
        let local = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute)!
        return EventTime.zoned(local, in: zone)
    }

    private static let pieces = [
        "a", "Z", "0", " ", "  ", ",", ";", ":", "\\", "\"", "^", "\n", "\r\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{08}", "\u{00}",
        "\u{7F}", "\u{85}", "\u{2028}", "é", "e\u{301}", "中", "😀", "👨‍👩‍👧‍👦", "🇫🇮", "\u{202F}", "=", "'", "!", "#", "/", "<", "~",
        "\\n", "Helsinki-Vantaa", "https://x.example/a?b=c&d=e", "Room 12",
    ]

    private static let zones = [
        "Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC",
        "Pacific/Chatham", "Europe/London",
    ]

    private static func randomText(_ range: ClosedRange<Int>, using generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: range, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    private static func randomTime(using generator: inout SeededGenerator) -> EventTime {
        let date = LocalDate(year: Int.random(in: 1...2999, using: &generator), month: Int.random(in: 1...12, using: &generator),
                             day: Int.random(in: 1...28, using: &generator))!
        // Hours around the usual changes of clocks, so that repeated wall times come up.
        let time = LocalTime(hour: [0, 1, 2, 3, 23].randomElement(using: &generator)!, minute: Int.random(in: 0...59, using: &generator),
                             second: Int.random(in: 0...59, using: &generator))!
        let local = LocalDateTime(date: date, time: time)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return .date(date)
        case 1: return .utc(local)
        case 2: return .floating(local)
        default:
            // Dates near 2027's changes of clocks too, where a wall time repeats.
            let near = LocalDateTime(
                date: LocalDate(year: 2027, month: [3, 10, 11].randomElement(using: &generator)!, day: Int.random(in: 1...28, using: &generator))!,
                time: time)
            let zone = zones.randomElement(using: &generator)!
            return EventTime.zoned(Bool.random(using: &generator) ? local : near, in: zone)
        }
    }

    private static func randomCoordinate(using generator: inout SeededGenerator) -> GeoCoordinate {
        let special: [Double] = [0, -0.0, 90, -90, 180, -180, 1e-7, 0.0000005, 0.0000015, 12.3456785, -0.0000004, 45.1234565]
        func value(_ limit: Double) -> Double {
            Bool.random(using: &generator) ? special.randomElement(using: &generator)!.clamped(limit) : Double.random(in: -limit...limit, using: &generator)
        }
        return GeoCoordinate(latitude: value(90), longitude: value(180))
    }

    static func randomEvent(using generator: inout SeededGenerator) -> CalendarEvent {
        let seconds: [Int] = [0, 60, 900, 3_600, 5_400, 86_400, 90_061, 604_800, 1_209_600, 604_801, -900, -604_800, 2_147_483_647, Int.max]
        var alarms: [EventAlarm] = []
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            let trigger: EventAlarm.Trigger =
                Bool.random(using: &generator)
                ? .beforeStart(seconds: seconds.randomElement(using: &generator)!)
                : .at(Instant(secondsSinceEpoch: Int64.random(in: 0...30_000_000_000, using: &generator)))
            alarms.append(EventAlarm(trigger: trigger, message: randomText(0...8, using: &generator),
                                     url: Bool.random(using: &generator) ? randomText(1...4, using: &generator) : nil))
        }
        let coordinate = randomCoordinate(using: &generator)
        return CalendarEvent(
            uid: randomText(1...6, using: &generator), summary: randomText(0...30, using: &generator), start: randomTime(using: &generator),
            end: Bool.random(using: &generator) ? randomTime(using: &generator) : nil,
            notes: Bool.random(using: &generator) ? randomText(0...120, using: &generator) : nil,
            location: Bool.random(using: &generator) ? randomText(0...20, using: &generator) : nil,
            geo: Bool.random(using: &generator) ? coordinate : nil,
            structuredLocation: Bool.random(using: &generator)
                ? StructuredLocation(
                    title: randomText(0...10, using: &generator), address: Bool.random(using: &generator) ? randomText(0...12, using: &generator) : nil,
                    coordinate: coordinate,
                    radius: [70, 0, -1, 1_000_000, 1_000_001, .infinity, .nan, 12.5, 13.5].randomElement(using: &generator)!)
                : nil,
            status: [nil, .tentative, .confirmed, .cancelled].randomElement(using: &generator)!,
            transparency: Bool.random(using: &generator) ? .opaque : .transparent,
            travelTime: Bool.random(using: &generator) ? [60, 900, 2_700, 5_400, 7_260, 86_400].randomElement(using: &generator) : nil,
            url: Bool.random(using: &generator) ? randomText(1...6, using: &generator) : nil, alarms: alarms,
            categories: (0..<Int.random(in: 0...2, using: &generator)).map { _ in randomText(1...5, using: &generator) },
            sequence: [0, 1, 7, -3, Int(Int32.max), Int.max].randomElement(using: &generator)!,
            stamp: Bool.random(using: &generator) ? Instant(secondsSinceEpoch: Int64.random(in: 0...4_000_000_000, using: &generator)) : nil,
            lastModified: Bool.random(using: &generator) ? Instant(secondsSinceEpoch: Int64.random(in: 0...4_000_000_000, using: &generator)) : nil)
    }
}

extension Double {
    fileprivate func clamped(_ limit: Double) -> Double {
        Swift.min(limit, Swift.max(-limit, self))
    }
}
