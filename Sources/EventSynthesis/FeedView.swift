/// Who a feed is for, and so what its events say.
///
/// Each view is made from the same bookings; its events have UIDs of their own (derived from the
/// full feed's, so stable from run to run), so that one person may subscribe to two views in one
/// calendar program without either replacing the other's events.
public enum FeedView: String, Sendable, Hashable, CaseIterable {
    /// Everything known: the person's own calendar.
    case full
    /// Where and when, for family or a work calendar: titles, times and places as in `full`, and
    /// no reservation or ticket numbers, seats, names of people, prices, phone numbers, e-mail
    /// addresses, booking or check-in links, or an organiser's free text.
    case shared
    /// When the person is away, and nothing else: every event titled "Busy" (or the feed's own
    /// word), with its times in UTC (a time zone tells where one is) and whether it blocks the
    /// time; no place, notes, links, categories or reminders.
    case busy
}

extension FeedView {
    /// The UID this view gives the event whose UID in the full feed is `uid`: `uid` itself in the
    /// full view, else a name-based UUID of the view, the person's view key and `uid`, so that two
    /// views of one booking never share a UID and each stays the same from run to run.
    ///
    /// - Parameter key: A secret of the person's (``SynthesisOptions/viewKey``). The full feed's
    ///   UIDs are made from booking numbers, which are short enough to guess: without a key, one
    ///   who has a view could check a guessed booking number against its UIDs. With one, nobody
    ///   can who does not have the key. `nil` gives the UIDs of versions before 0.11.
    public func uid(ofFull uid: String, key: String? = nil) -> String {
        guard self != .full else { return uid }
        guard let key else { return EventIdentity.uid(forKey: "view:\(rawValue)|\(uid)") }
        return EventIdentity.uid(forKey: "view:\(rawValue)|key:\(key)|\(uid)")
    }
}
