import Chrono

/// How notes show a reservation's times: `2030-06-15 17:55 (America/Los_Angeles)`.
enum TimeText {
    static func describe(_ value: DateTimeValue?) -> String? {
        guard let value else { return nil }
        switch value {
        case .date(let date):
            return date.description
        case .dateTime(let local, let zone, let offset):
            var text = "\(local.date) \(LocalDate.digits(local.time.hour, 2)):\(LocalDate.digits(local.time.minute, 2))"
            if local.time.second != 0 { text += ":\(LocalDate.digits(local.time.second, 2))" }
            if let zone {
                text += " (\(zone))"
            } else if let offset {
                text += " (UTC\(offset))"
            }
            return text
        }
    }
}

extension LocalDate {
    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
