import Chrono
import EventModel

/// What an event may hold and how its places are written, whichever writer writes it: the
/// feed's ``EventText``, and the libical-built reference the tests hold it to.
enum EventRules {
    /// The years an event may be in: libical writes dates past 3000 as `00000000T000000`, and
    /// the years before 1 cannot be written at all.
    static let supportedYears = 1...2999

    /// Refuses a time outside ``supportedYears``, rather than writing a wrong one.
    static func check(_ time: EventTime, _ property: String) throws(ICalendarError) {
        let year: Int
        switch time {
        case .date(let date): year = date.year
        case .zoned(let local, _, _), .utc(let local), .floating(let local): year = local.date.year
        }
        guard supportedYears.contains(year) else { throw .outOfRange(property: property, value: "\(time)") }
    }

    /// `X-` and letters, digits and dashes, as RFC 5545 names non-standard properties.
    static func isExtensionName(_ name: String) -> Bool {
        name.count > 2 && name.uppercased().hasPrefix("X-")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
    }

    /// The property an event's maker is written in (``EventModel/CalendarEvent/bookedBy``).
    static let bookedByProperty = "X-RESERVATION-FEED-BOOKED-BY"
    /// The property that counts the change lines at the top of an event's notes
    /// (``EventModel/CalendarEvent/changeNotes``).
    static let changesProperty = "X-RESERVATION-FEED-CHANGES"

    /// The `DESCRIPTION` of an event: its change lines, a blank line, then its notes.
    static func description(of event: CalendarEvent) -> String? {
        guard !event.changeNotes.isEmpty else { return event.notes }
        let changes = event.changeNotes.joined(separator: "\n")
        return event.notes.map { "\(changes)\n\n\($0)" } ?? changes
    }

    /// A `DESCRIPTION` read back: the change lines its count names, and the notes after them;
    /// all of it notes when the count does not fit the text (an event edited by hand).
    static func split(description: String?, changes count: Int?) -> (changeNotes: [String], notes: String?) {
        guard let description, let count, count > 0 else { return ([], description) }
        let lines = description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= count, !lines.prefix(count).contains(where: \.isEmpty) else { return ([], description) }
        if lines.count == count { return (lines, nil) }
        guard lines[count].isEmpty, lines.count > count + 1 else { return ([], description) }
        return (Array(lines.prefix(count)), lines.dropFirst(count + 1).joined(separator: "\n"))
    }

    /// Apple's property for the time it takes to get to an event
    /// (``EventModel/CalendarEvent/travelTime``), `VALUE=DURATION`, as Apple Calendar writes it.
    static let travelTimeProperty = "X-APPLE-TRAVEL-DURATION"

    /// A value every parser reads back as written: letters, digits and `-_.:/+=@`, which need no
    /// escaping (libical leaves `,` and `;` in X- values unescaped).
    static func isPlainValue(_ value: String) -> Bool {
        !value.isEmpty
            && value.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.:/+=@".unicodeScalars.contains($0))
            }
    }

    /// The place's radius in metres; one that is not a distance (infinite, negative, or beyond
    /// any place) gets the default.
    static func radius(of place: StructuredLocation) -> Double {
        place.radius.isFinite && (0...1_000_000).contains(place.radius) ? place.radius : 70
    }

    /// `geo:lat,lon`, with six decimals.
    static func geoURI(_ coordinate: GeoCoordinate) -> String {
        "geo:\(self.coordinate(coordinate.latitude)),\(self.coordinate(coordinate.longitude))"
    }

    /// Degrees with six decimals (about 10 cm), the precision GEO carries.
    private static func coordinate(_ value: Double) -> String {
        let scaled = (value * 1_000_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int64(abs(scaled))
        let fraction = String(magnitude % 1_000_000)
        return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}
