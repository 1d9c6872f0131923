import Chrono

/// How notes show a reservation's times: `2030-06-15 17:55 (America/Los_Angeles)`.
enum TimeText {
    static func describe(_ value: DateTimeValue?) -> String? {
        guard let value else { return nil }
        switch value {
        case .date(let date):
            return date.description
        case .dateTime(let local, let zone, let offset):
            // hh:mm, with the seconds only when there are some.
            let time = local.time.second == 0 ? String(local.time.description.prefix(5)) : local.time.description
            var text = "\(local.date) \(time)"
            if let zone {
                text += " (\(zone))"
            } else if let offset {
                text += " (UTC\(offset))"
            }
            return text
        }
    }
}

