import Diagnostics
import Mailboxes
import ICalendar
import ReservationImport

/// Why a feed was not written at all. When this happens the output is left as it was.
public enum FeedError: Error, Sendable, DiagnosticMessageConvertible {
    /// An input named on the command line cannot be used.
    case input(InputError)
    /// The inputs hold no reservation that could become an event (or all were left out as
    /// unconfirmed, ended, or from e-mails whose sender is not verified, `unverified` of them);
    /// writing would empty the feed.
    case nothingToWrite(inputs: Int, errors: Int, skipped: Int, unverified: Int = 0)
    /// The input no longer mentions half or more of the previous feed's live events (or any);
    /// ``FeedOptions/allowShrink`` allows it.
    case shrink(previousLive: Int, remaining: Int)
    /// A shared or busy view's file whose live events none of the input's bookings gives under
    /// this view key, though the input has bookings: the view was made with another key.
    case viewKeyChanged(previousLive: Int)
    /// The existing feed cannot be read back, so it cannot be updated in place.
    case previousFeed(PreviousFeedError)
    /// Another run is writing the same feed, and did not finish in time.
    case locked(path: String, waited: Int)
    /// The feed could not be written to its destination.
    case write(path: String, reason: String)
    /// The events could not be turned into iCalendar.
    case iCalendar(ICalendarError)
    /// The IMAP folders among the inputs could not be brought up to date (the server away, the
    /// login refused); the error names the folder, never the password.
    case mailbox(MailboxSyncError)
    /// An input that looks like an IMAP folder's URL is not a usable one.
    case mailboxURL(MailboxURL.ParseError)

    public var description: String { message.description }

    /// What went wrong, kept as its parts until it is said.
    public var message: DiagnosticMessage {
        switch self {
        case .input(let error):
            return "\(error)"
        case .nothingToWrite(let inputs, let errors, let skipped, let unverified):
            let files = inputs == 1 ? "1 input file" : "\(inputs) input files"
            if errors > 0 { return "no event could be made from \(files) (see the errors above); nothing was written" }
            if unverified > 0, unverified == skipped {
                return "every booking in \(files) came in an e-mail whose sender is not verified or is no sender to take bookings from (see the warnings above); nothing was written"
            }
            if unverified > 0 {
                return "every reservation in \(files) is unconfirmed, already ended or from an e-mail whose sender is not verified or is no sender to take bookings from (see 'reservation-feed lint'); nothing was written"
            }
            if skipped > 0 {
                return "every reservation in \(files) is unconfirmed or already ended (see 'reservation-feed lint'); nothing was written"
            }
            return "no reservations found in \(files); nothing was written"
        case .shrink(let previousLive, let remaining):
            return "the input no longer has \(previousLive - remaining) of the feed's \(previousLive) live events; refusing, "
                + "in case an input is missing or empty (\(setting: Setting("allow-shrink")) allows it); nothing was written"
        case .viewKeyChanged(let previousLive):
            return "none of the view's \(previousLive) live events is made from the input with this view key: the view was made with another key; "
                + "give that key (\(setting: Setting("view-key")), or the XDG_STATE_HOME of the runs that made it), or allow the view to be made anew, "
                + "its events cancelled and added again (\(setting: Setting("allow-shrink"))); nothing was written"
        case .previousFeed(let reason):
            return "the existing feed cannot be read back (\(reason)), so its events cannot be kept in place; "
                + "move it away to start a new feed; nothing was written"
        case .locked(let path, let waited):
            return "\(path): another reservation-feed run is writing this feed; waited \(waited) s (\(setting: Setting("wait")) sets how long); nothing was written"
        case .write(let path, let reason):
            return "\(path): cannot write the feed: \(reason)"
        case .iCalendar(let error):
            return "cannot write iCalendar: \(error)"
        case .mailbox(let error):
            return "\(error); nothing was written"
        case .mailboxURL(let error):
            return "\(error); nothing was written"
        }
    }
}
