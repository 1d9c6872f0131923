import CLibical
import Chrono
import Basics

/// VTIMEZONE components written from the system's tz database, with plain IANA TZIDs, for the
/// years a feed's events use, in the form every client reads the same way.
///
/// libical can generate VTIMEZONEs from its copy of the tz database, but what it writes (after
/// `icaltimezone_truncate_vtimezone`) is read differently by different clients, and was measured
/// to put events an hour off in Thunderbird: RDATEs in UTC where RFC 5545 (section 3.6.5) wants
/// local time (Africa/Cairo, Asia/Gaza), and observances whose DTSTART is followed by RDATEs,
/// whose first onset Thunderbird's parser drops (Africa/Casablanca's Ramadan changes). So the
/// components are built here, through libical, from the zone's transitions:
///
/// - each transition's onset is a local time on the clocks before it (TZOFFSETFROM), as RFC
///   5545 says;
/// - transitions that recur yearly on the same weekday of the same week of a month at the same
///   local time become one observance with an RRULE (`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`), so a
///   zone with regular rules has one STANDARD and one DAYLIGHT component, as Outlook needs;
/// - any other transition is an observance of its own, with a DTSTART and no RDATE;
/// - an observance in force before the first transition is added when the window has none
///   before its events (and is the only one for a zone without changes, such as Asia/Tokyo).
///
/// The window is the years of the events and one either side. Built components are kept, per
/// zone and window, for the life of the program.
enum TimeZoneComponents {
    typealias Span = TimeZoneSpans.Span

    private static let cache = Locked<[String: String]>([:])

    /// The VTIMEZONE text for a zone, folded by libical (callers refold it).
    static func text(for zone: String, covering span: Span) throws(ICalendarError) -> String {
        let key = "\(zone)|\(span.firstYear)|\(span.lastYear)"
        if let text = cache.withLock({ $0[key] }) { return text }
        let text = try build(zone, span)
        cache.withLock { $0[key] = text }
        return text
    }

    /// One STANDARD or DAYLIGHT component to write.
    struct Observance: Equatable {
        var onset: LocalDateTime
        var from: UTCOffset
        var to: ZoneObservance
        /// `FREQ=YEARLY;...`, for a yearly rule.
        var rule: String?
    }

    private static func build(_ zone: String, _ span: Span) throws(ICalendarError) -> String {
        guard !TimeZoneRules.isUTC(zone), let observances = observances(of: zone, span: span) else { throw .unknownTimeZone(zone) }
        let component = try LibicalComponent(ICAL_VTIMEZONE_COMPONENT)
        component.add(try LibicalProperty.text("TZID", zone) { icalproperty_new_tzid($0) })
        for observance in observances {
            let kind = observance.to.isDaylight ? ICAL_XDAYLIGHT_COMPONENT : ICAL_XSTANDARD_COMPONENT
            let part = try LibicalComponent(kind)
            if !observance.to.abbreviation.isEmpty {
                part.add(try LibicalProperty.text("TZNAME", observance.to.abbreviation) { icalproperty_new_tzname($0) })
            }
            part.add(try LibicalProperty.make("TZOFFSETFROM") { icalproperty_new_tzoffsetfrom(Int32(observance.from.seconds)) })
            part.add(try LibicalProperty.make("TZOFFSETTO") { icalproperty_new_tzoffsetto(Int32(observance.to.offset.seconds)) })
            part.add(try LibicalProperty.make("DTSTART") { icalproperty_new_dtstart(LibicalProperty.icalDateTime(observance.onset)) })
            if let rule = observance.rule {
                let recurrence = icalrecurrencetype_from_string(rule)
                guard recurrence.freq == ICAL_YEARLY_RECURRENCE else { throw .libical("the RRULE \(rule) of \(zone)") }
                part.add(try LibicalProperty.make("RRULE") { icalproperty_new_rrule(recurrence) })
            }
            component.add(part)
        }
        return component.text()
    }

    /// The observances of a zone for the events of `span`, in order of onset; `nil` for an
    /// unknown zone.
    static func observances(of zone: String, span: Span) -> [Observance]? {
        let windowStart = startOfYear(span.firstYear - 1)
        let windowEnd = startOfYear(span.lastYear + 2)
        guard let transitions = TimeZoneRules.transitions(in: zone, from: windowStart, to: windowEnd),
            let initial = TimeZoneRules.observance(in: zone, at: windowStart)
        else { return nil }

        var observances: [Observance] = []
        // Events may start two days before their first year (a day either side of their dates):
        // some change must have its onset before that, or clients guess (Thunderbird takes UTC).
        let firstEvents = startOfYear(span.firstYear).adding(seconds: -2 * 86_400)
        if transitions.first.map({ $0.instant > firstEvents }) ?? true {
            observances.append(
                Observance(onset: windowStart.localDateTime(at: initial.offset), from: initial.offset, to: initial, rule: nil))
        }

        // Transitions of the same kind (from, to, daylight, abbreviation), in yearly runs.
        var kinds: [[ZoneTransition]] = []
        for transition in transitions {
            if let index = kinds.firstIndex(where: { $0[0].before.offset == transition.before.offset && $0[0].after == transition.after }) {
                kinds[index].append(transition)
            } else {
                kinds.append([transition])
            }
        }
        let lastYear = windowEnd.adding(seconds: -1).utcDateTime.date.year
        for kind in kinds {
            var start = 0
            while start < kind.count {
                var end = start + 1
                var rule = YearlyRule.candidates(kind[start].localOnset)
                while end < kind.count, kind[end].localOnset.date.year == kind[end - 1].localOnset.date.year + 1 {
                    let narrowed = rule.intersection(YearlyRule.candidates(kind[end].localOnset))
                    guard !narrowed.isEmpty else { break }
                    rule = narrowed
                    end += 1
                }
                let first = kind[start]
                var text: String?
                if end - start > 1, let chosen = rule.sorted().first {
                    // A run that reaches the end of the window goes on as far as is known.
                    let last = kind[end - 1]
                    let until = last.localOnset.date.year >= lastYear ? "" : ";UNTIL=\(last.instant.utcDateTime.basicDescription)Z"
                    text = "FREQ=YEARLY;BYMONTH=\(first.localOnset.date.month);BYDAY=\(chosen.byDay)\(until)"
                } else {
                    end = start + 1
                }
                observances.append(Observance(onset: first.localOnset, from: first.before.offset, to: first.after, rule: text))
                start = end
            }
        }
        return observances.sorted { $0.onset < $1.onset }
    }

    /// 1 January of `year` at 00:00 UTC, the year held within 1 to 9999 (windows of years
    /// around events at the ends of ``LocalDate/readableYears`` reach past them).
    static func startOfYear(_ year: Int) -> Instant {
        LocalDateTime(date: LocalDate(year: min(max(1, year), 9999), month: 1, day: 1)!, time: .midnight).instant(at: .zero)
    }

    /// A weekday of a week of a month at a time of day: what a yearly RRULE of a VTIMEZONE says.
    struct YearlyRule: Hashable, Comparable {
        /// 1 to 4 from the start of the month, or -1 for the last.
        var week: Int
        /// 1 (Monday) to 7 (Sunday).
        var weekday: Int
        var time: LocalTime

        /// The rules a local onset fits: its week from the start, and "last" when it is in the
        /// month's last seven days.
        static func candidates(_ onset: LocalDateTime) -> Set<YearlyRule> {
            let date = onset.date
            var rules: Set<YearlyRule> = []
            let week = (date.day - 1) / 7 + 1
            if week <= 4 { rules.insert(YearlyRule(week: week, weekday: date.isoWeekday, time: onset.time)) }
            if date.day + 7 > LocalDate.numberOfDays(inMonth: date.month, year: date.year) {
                rules.insert(YearlyRule(week: -1, weekday: date.isoWeekday, time: onset.time))
            }
            return rules
        }

        /// `-1SU`, `2SU`.
        var byDay: String {
            let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            return "\(week)\(names[weekday - 1])"
        }

        /// "Last" first: it is how tzdata states most rules, and what libical and Outlook write.
        static func < (lhs: YearlyRule, rhs: YearlyRule) -> Bool {
            (lhs.week, lhs.weekday) < (rhs.week, rhs.weekday)
        }
    }
}
