import Mailboxes

/// How the program signs in to a mailbox: a password (IMAP `LOGIN`), or OAuth 2.0 access tokens
/// (SASL `OAUTHBEARER`, RFC 7628, where the server offers it, else `XOAUTH2`, as Gmail and
/// Outlook.com document it), which a source gives and replaces once when the server refuses one.
public enum IMAPCredential: Sendable {
    case password(String)
    case tokens(any IMAPTokenSource)
}

/// Where the access tokens of a mailbox come from: the program that signed in (the mail program
/// asks `reservation-feed`, which keeps the sign-in, over its standard input).
///
/// A class: every session of a folder asks the one source, and a credential stays a reference, as
/// a password is, so `IMAPFolderWatch` stays a plain value. (Were it held indirectly, Swift 6.3's
/// loop-invariant code motion would never finish on `run`'s endless loop reading its properties.)
public protocol IMAPTokenSource: AnyObject, Sendable {
    /// A token for `mailbox`'s user; `refused` when the server refused the last one given.
    ///
    /// - Throws: ``IMAPError`` of kind `login` when none can be had.
    func token(for mailbox: MailboxURL, refused: Bool) throws(IMAPError) -> String
}
