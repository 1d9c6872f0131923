import Chrono
import EventModel
import Foundation

/// Writes event times for notes in the locale's conventions, in the event's own zone:
/// `Sat, Jun 15, 2030 at 5:55 PM (America/Los_Angeles)`, `sam. 15 juin 2030 à 17:55 (America/Los_Angeles)`.
///
/// Wall times are formatted as they are (the formatter runs at UTC on the wall time), so no
/// conversion through the machine's zone can move them.
struct TimeFormatter: Sendable {
    private let dateTimeStyle: Date.FormatStyle
    private let dateStyle: Date.FormatStyle
    private let timeStyle: Date.FormatStyle

    init(locale: SynthesisLocale) {
        let base = Date.FormatStyle(
            locale: Locale(identifier: locale.identifier), calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "GMT")!)
        dateStyle = base.weekday(.abbreviated).day().month(.abbreviated).year()
        dateTimeStyle = dateStyle.hour().minute()
        timeStyle = base.hour().minute()
    }

    /// The time with its date, and its zone in parentheses.
    func text(_ time: EventTime) -> String {
        switch time {
        case .date(let date): dateStyle.format(Self.wall(LocalDateTime(date: date, time: .midnight)))
        case .zoned(let local, let zone): "\(dateTimeStyle.format(Self.wall(local))) (\(zone))"
        case .utc(let local): "\(dateTimeStyle.format(Self.wall(local))) (UTC)"
        case .floating(let local): dateTimeStyle.format(Self.wall(local))
        }
    }

    /// The time alone when it falls on the same day in the same zone as `other` (boarding on
    /// the day of departure reads `5:05 PM`), else the full ``text(_:)``.
    func text(_ time: EventTime, besides other: EventTime) -> String {
        switch (time, other) {
        case (.zoned(let local, let zone), .zoned(let otherLocal, let otherZone))
        where zone == otherZone && local.date == otherLocal.date:
            timeStyle.format(Self.wall(local))
        case (.utc(let local), .utc(let otherLocal)) where local.date == otherLocal.date:
            "\(timeStyle.format(Self.wall(local))) (UTC)"
        case (.floating(let local), .floating(let otherLocal)) where local.date == otherLocal.date:
            timeStyle.format(Self.wall(local))
        default:
            text(time)
        }
    }

    private static func wall(_ local: LocalDateTime) -> Date {
        Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpoch))
    }
}
