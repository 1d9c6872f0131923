import Chrono
import EventModel
import Foundation
import ReservationFeed

/// The page at `/<secret>/`: the feed's upcoming events by day, in the local times of where they
/// happen, with a button to subscribe and a link to each event alone.
///
/// Plain HTML and CSS, readable at a phone's width, without JavaScript. Every text that comes from
/// inputs (titles, places, zones) is escaped: a title `<script>alert(1)</script>` shows as text.
struct PreviewPage {
    /// The calendar's name.
    var calendarName: String
    /// The feed's file name, relative to the page (`trips.ics`).
    var feedName: String
    /// The feed's `webcal://` URL, for the subscribe button.
    var subscribeURL: String
    /// Events that ended before this are left out.
    var now: Instant

    /// The page for these events.
    func render(_ events: [CalendarEvent]) -> String {
        let upcoming = events.filter { ($0.end ?? $0.start).instant >= now || $0.start.instant >= now }
            // By the day each starts where it starts, then by the instant: a flight leaving Los
            // Angeles in the evening is on that evening's day, before a stay that starts the next.
            .sorted { (Self.day($0.start).daysSinceEpoch, $0.start.instant, $0.uid) < (Self.day($1.start).daysSinceEpoch, $1.start.instant, $1.uid) }
        var days: [(day: String, events: [CalendarEvent])] = []
        for event in upcoming {
            let day = Self.dayHeading(event.start)
            if days.last?.day == day { days[days.count - 1].events.append(event) } else { days.append((day, [event])) }
        }
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex, nofollow">
            <meta name="referrer" content="no-referrer">
            <title>\(escape(calendarName))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header>
            <h1>\(escape(calendarName))</h1>
            <p class="actions"><a class="button" href="\(escape(subscribeURL))">Subscribe in your calendar</a> <a href="\(escape(feedName))">Download the feed</a></p>
            </header>
            <main>

            """
        if days.isEmpty { html += "<p class=\"empty\">No upcoming events.</p>\n" }
        for (day, events) in days {
            html += "<section>\n<h2>\(escape(day))</h2>\n<ul>\n"
            for event in events { html += item(event) }
            html += "</ul>\n</section>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    private func item(_ event: CalendarEvent) -> String {
        let cancelled = event.status == .cancelled
        var html = "<li\(cancelled ? " class=\"cancelled\"" : "")>\n"
        let title = escape(event.summary)
        html += "<p class=\"title\">\(cancelled ? "<del>\(title)</del> <span class=\"status\">cancelled</span>" : title)</p>\n"
        html += "<p class=\"time\">\(escape(Self.timeRange(event.start, event.end)))</p>\n"
        if let location = event.location, !location.isEmpty {
            html += "<p class=\"place\">\(escape(location))"
            if let geo = event.geo, geo.isValid {
                let (latitude, longitude) = (String(format: "%.5f", geo.latitude), String(format: "%.5f", geo.longitude))
                html += " <a href=\"https://www.openstreetmap.org/?mlat=\(latitude)&amp;mlon=\(longitude)#map=16/\(latitude)/\(longitude)\">map</a>"
            }
            html += "</p>\n"
        }
        if event.status == .tentative { html += "<p class=\"status\">not confirmed</p>\n" }
        html += "<p class=\"download\"><a href=\"events/\(escape(EventFiles.fileName(for: event.uid)))\" download>Add this event alone (.ics)</a></p>\n"
        html += "</li>\n"
        return html
    }

    /// `Tuesday 15 June 2027`, the day the event starts where it starts.
    static func dayHeading(_ time: EventTime) -> String {
        heading(day(time))
    }

    /// The day of a time, where it happens.
    static func day(_ time: EventTime) -> LocalDate {
        if case .date(let day) = time { return day }
        return time.localDateTime?.date ?? time.instant.utcDateTime.date
    }

    private static func heading(_ date: LocalDate) -> String {
        "\(weekdays[date.isoWeekday - 1]) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    /// `14:00 – 16:00 Europe/Berlin`, `10:05 Europe/Helsinki – 11:30 Europe/Stockholm`, `all day`,
    /// `15 – 17 June` for stays written as days.
    static func timeRange(_ start: EventTime, _ end: EventTime?) -> String {
        switch (start, end) {
        case (.date(let first), .date(let after)?) where after.daysSinceEpoch - first.daysSinceEpoch > 1:
            let last = after.adding(days: -1)
            return "all day, until \(heading(last))"
        case (.date, _):
            return "all day"
        default:
            break
        }
        let from = clock(start)
        guard let end else { return "\(from) \(zoneName(start))" }
        var to = clock(end)
        if let startDay = start.localDateTime?.date, let endDay = end.localDateTime?.date, endDay != startDay {
            to = "\(heading(endDay)) \(to)"
        }
        let (startZone, endZone) = (zoneName(start), zoneName(end))
        return startZone == endZone ? "\(from) – \(to) \(startZone)" : "\(from) \(startZone) – \(to) \(endZone)"
    }

    private static func clock(_ time: EventTime) -> String {
        guard let local = time.localDateTime else { return "" }
        return String(format: "%02d:%02d", local.time.hour, local.time.minute)
    }

    private static func zoneName(_ time: EventTime) -> String {
        switch time {
        case .zoned(_, let zone, _): zone
        case .utc: "UTC"
        case .floating: "(local time)"
        case .date: ""
        }
    }

    private func escape(_ text: String) -> String { HTMLText.escape(text) }

    private static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    private static let style = """
        body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:42rem;padding:1rem;color:#1d1d1f;background:#fff}
        h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1rem;margin:1.5rem 0 .5rem;color:#555;border-bottom:1px solid #ddd;padding-bottom:.25rem}
        ul{list-style:none;margin:0;padding:0}li{padding:.6rem 0;border-bottom:1px solid #f0f0f0}li p{margin:.1rem 0}
        .title{font-weight:600}.time{font-variant-numeric:tabular-nums}.place,.download{color:#444;font-size:.92rem;overflow-wrap:anywhere}
        .cancelled .title,.cancelled .time{color:#888}.status{color:#b00;font-weight:400;font-size:.85rem}
        .button{display:inline-block;background:#0a66d8;color:#fff;padding:.55rem .9rem;border-radius:.5rem;text-decoration:none;margin:.25rem .75rem .25rem 0}
        .actions{margin:.5rem 0 1rem}.empty{color:#666}
        @media (prefers-color-scheme:dark){body{background:#111;color:#eee}h2{color:#aaa;border-color:#333}li{border-color:#222}.place,.download{color:#bbb}}
        """
}

/// Text made safe for HTML element content and quoted attribute values.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
