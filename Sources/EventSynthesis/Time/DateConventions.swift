import Foundation

/// How a locale writes dates and times in notes: three CLDR patterns and the names they use.
///
/// The five languages' own conventions are data in their `Vocabulary+Language.swift` files (as
/// ICU 74 writes them); a tag with a region (`en-GB`, `es-MX`) takes its conventions from
/// Foundation, once.
struct DateConventions: Sendable, Hashable {
    /// A date with its weekday: `EEE, MMM d, y`.
    var date: String
    /// The same with the time: `EEE, MMM d, y 'at' h:mm a`.
    var dateTime: String
    /// A time alone: `h:mm a`.
    var time: String
    /// Abbreviated weekday names, Sunday first.
    var weekdays: [String]
    /// Abbreviated month names, January first, in the form used inside a date.
    var months: [String]
    var am: String
    var pm: String

    /// The conventions of a locale, from Foundation's CLDR data.
    init(foundationLocale identifier: String) {
        let locale = Locale(identifier: identifier)
        func pattern(_ template: String) -> String {
            DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? ""
        }
        let formatter = DateFormatter()
        formatter.locale = locale
        date = pattern("EEEdMMMy")
        dateTime = pattern("EEEdMMMyjmm")
        time = pattern("jmm")
        weekdays = formatter.shortWeekdaySymbols
        months = formatter.shortMonthSymbols
        am = formatter.amSymbol
        pm = formatter.pmSymbol
    }

    init(
        date: String, dateTime: String, time: String, weekdays: [String], months: [String], am: String = "AM",
        pm: String = "PM"
    ) {
        self.date = date
        self.dateTime = dateTime
        self.time = time
        self.weekdays = weekdays
        self.months = months
        self.am = am
        self.pm = pm
    }
}
