import EventModel

extension CalendarEvent {
    /// The event as the busy view shows it (``FeedView/busy``): the title alone (with the
    /// cancelled prefix when it is off), its times in UTC (a time zone says where the person
    /// is) and whether it blocks the time; no place, notes, links, categories or reminders.
    /// Relations stay: they name only other events of the same view.
    mutating func showBusy(as title: String, cancelledPrefix: String) {
        summary = status == .cancelled ? cancelledPrefix + title : title
        notes = nil
        location = nil
        geo = nil
        structuredLocation = nil
        url = nil
        alarms = []
        categories = []
        start = Self.inUTC(start)
        end = end.map(Self.inUTC)
    }

    /// A zoned time as the same instant in UTC; dates and floating times as they are.
    private static func inUTC(_ time: EventTime) -> EventTime {
        guard case .zoned = time else { return time }
        return .utc(time.instant.utcDateTime)
    }
}
