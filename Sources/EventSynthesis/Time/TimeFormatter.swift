import Chrono
import EventModel
import Foundation

/// Writes event times for notes in the locale's conventions, in the event's own zone:
/// `Sat, Jun 15, 2030 at 5:55 PM (America/Los_Angeles)`, `sam. 15 juin 2030 à 17:55 (America/Los_Angeles)`.
///
/// Wall times are written as they are, field by field (``DatePattern``), so no conversion
/// through the machine's zone can move them, and no ICU call is made per event. A locale whose
/// patterns use fields ``DatePattern`` does not write is formatted through Foundation instead.
/// A class, shared by the synthesis of every reservation rather than copied into each.
final class TimeFormatter: Sendable {
    private let date: Style
    private let dateTime: Style
    private let time: Style

    /// One way of writing a wall time.
    private enum Style: Sendable {
        case pattern(DatePattern)
        case foundation(Date.FormatStyle)

        func format(_ local: LocalDateTime) -> String {
            switch self {
            case .pattern(let pattern):
                pattern.format(local)
            case .foundation(let style):
                style.format(Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpoch)))
            }
        }
    }

    init(locale: SynthesisLocale, words: Vocabulary) {
        // The language's own tag uses the built-in conventions; a regional tag asks Foundation.
        let conventions = locale.identifier == locale.language ? words.dates : DateConventions(foundationLocale: locale.identifier)
        func pattern(_ text: String) -> DatePattern? {
            DatePattern(text, weekdays: conventions.weekdays, months: conventions.months, am: conventions.am, pm: conventions.pm)
        }
        if let date = pattern(conventions.date), let dateTime = pattern(conventions.dateTime), let time = pattern(conventions.time) {
            (self.date, self.dateTime, self.time) = (.pattern(date), .pattern(dateTime), .pattern(time))
            return
        }
        let base = Date.FormatStyle(
            locale: Locale(identifier: locale.identifier), calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "GMT")!)
        let dateStyle = base.weekday(.abbreviated).day().month(.abbreviated).year()
        date = .foundation(dateStyle)
        dateTime = .foundation(dateStyle.hour().minute())
        time = .foundation(base.hour().minute())
    }

    /// The time with its date, and its zone in parentheses.
    func text(_ time: EventTime) -> String {
        switch time {
        case .date(let day): date.format(LocalDateTime(date: day, time: .midnight))
        case .zoned(let local, let zone, _): "\(dateTime.format(local)) (\(zone))"
        case .utc(let local): "\(dateTime.format(local)) (UTC)"
        case .floating(let local): dateTime.format(local)
        }
    }

    /// The time alone when it falls on the same day in the same zone as `other` (boarding on
    /// the day of departure reads `5:05 PM`), else the full ``text(_:)``.
    func text(_ time: EventTime, besides other: EventTime) -> String {
        switch (time, other) {
        case (.zoned(let local, let zone, _), .zoned(let otherLocal, let otherZone, _))
        where zone == otherZone && local.date == otherLocal.date:
            self.time.format(local)
        case (.utc(let local), .utc(let otherLocal)) where local.date == otherLocal.date:
            "\(self.time.format(local)) (UTC)"
        case (.floating(let local), .floating(let otherLocal)) where local.date == otherLocal.date:
            self.time.format(local)
        default:
            text(time)
        }
    }
}
