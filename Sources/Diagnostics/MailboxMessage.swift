/// A message in a mailbox, and the part of it something was read from: where a reservation read
/// from mail came from.
///
/// Printed so that a person can find the message: an IMAP message as an RFC 5092 URL
/// (`imaps://me@mail.example.com/INBOX;UIDVALIDITY=385759045/;UID=20/;SECTION=2`), a message of
/// an mbox file by its place in the file and its Message-ID
/// (`Takeout.mbox: message 3 <k7p2qx@airline.example>, part 2`).
public struct MailboxMessage: Sendable, Hashable, CustomStringConvertible {
    /// Where a message is in its mailbox.
    public enum Number: Sendable, Hashable {
        /// The message's place in an mbox file, counted from 1.
        case ordinal(Int)
        /// The message's IMAP UID, with the folder's UIDVALIDITY, which together name it for as
        /// long as the folder exists.
        case uid(UInt32, validity: UInt32)
    }

    /// The mailbox as the user named it: an mbox file (`Takeout.mbox`) or an IMAP folder's URL
    /// (`imaps://me@mail.example.com/INBOX`), never with a password.
    public var mailbox: String
    /// Where the message is in the mailbox.
    public var number: Number
    /// The message's Message-ID, without its angle brackets, when it has one.
    public var messageID: String?
    /// The MIME part (`2`, `1.2`), or `nil` for the message as a whole.
    public var part: String?

    /// Creates a reference to a message.
    public init(mailbox: String, number: Number, messageID: String? = nil, part: String? = nil) {
        self.mailbox = mailbox
        self.number = number
        self.messageID = messageID
        self.part = part
    }

    /// The same message, one of its parts.
    public func part(_ section: String) -> MailboxMessage {
        var message = self
        message.part = section
        return message
    }

    public var description: String {
        switch number {
        case .uid(let uid, let validity):
            var text = mailbox.hasSuffix("/") ? String(mailbox.dropLast()) : mailbox
            text += ";UIDVALIDITY=\(validity)/;UID=\(uid)"
            if let part { text += "/;SECTION=\(part)" }
            return text
        case .ordinal(let ordinal):
            var text = "\(mailbox): message \(ordinal)"
            if let messageID { text += " <\(messageID)>" }
            if let part { text += ", part \(part)" }
            return text
        }
    }
}
