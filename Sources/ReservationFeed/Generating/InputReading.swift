import Diagnostics
import EventSynthesis
import Mailboxes
import ReservationImport

/// Finding and reading the inputs, as ``FeedGenerator`` and ``ReservationLinter`` both do.
package struct InputReading {
    package let discovery: InputDiscovery
    package let importer: ReservationImporter
    package let mailboxes: MailboxInputs

    package init(discovery: InputDiscovery, importer: ReservationImporter, mailboxes: MailboxInputs = MailboxInputs()) {
        self.discovery = discovery
        self.importer = importer
        self.mailboxes = mailboxes
    }

    /// Expands the inputs and reads every file, passing each diagnostic to `report` as it comes.
    /// IMAP folders (`imaps://…`) are brought up to date first, then read from their cache.
    ///
    /// What was read is not merged yet: merging decides which sender may change which booking,
    /// and needs what the previous feed remembers of who made them (``admit(_:makers:report:)``).
    ///
    /// - Returns: How many inputs were read, and what they held.
    /// - Throws: ``FeedError/input(_:)`` when an input does not exist, ``FeedError/mailbox(_:)``
    ///   when a folder cannot be read.
    package func read(_ inputs: [String], report: (Diagnostic) -> Void) throws(FeedError) -> (inputCount: Int, result: ImportResult) {
        var folders: [MailboxURL] = []
        var files: [String] = []
        for input in inputs {
            guard MailboxURL.looksLikeMailbox(input) else {
                files.append(input)
                continue
            }
            do {
                folders.append(try MailboxURL(input))
            } catch {
                throw .mailboxURL(error)
            }
        }
        let expanded: (sources: [InputSource], diagnostics: [Diagnostic])
        do {
            expanded = try discovery.expand(files)
        } catch {
            throw .input(error)
        }
        try mailboxes.sync(folders, messageLimit: importer.limits.messageSize)
        // The login of an IMAP folder is an address of the person's own.
        var importer = importer
        importer.senders.policy.ownAddresses.formUnion(folders.map { $0.user.lowercased() }.filter { $0.contains("@") })
        var result = ImportResult(diagnostics: expanded.diagnostics)
        expanded.diagnostics.forEach(report)
        for source in expanded.sources {
            let read = importer.read(source)
            read.diagnostics.forEach(report)
            result.append(read)
        }
        for folder in folders {
            let read = importer.readFolder(folder, in: mailboxes.cache)
            read.diagnostics.forEach(report)
            result.append(read)
        }
        return (expanded.sources.count + folders.count, result)
    }

    /// The one point where what e-mails' senders may do is settled for a run, after reading and
    /// before the feed is made, which `generate`, `lint`, `serve` and `publish` all pass through:
    /// each booking merged from its sources, a change taken only from the booking's own sender,
    /// another known booking sender or the person (``ReservationMerger``, by
    /// ``SenderVerification/SenderPolicy/change(bookedBy:by:makerIsPerson:)``), the refused ones
    /// set apart with the unverified ones (``ImportResult/withheld``), and what there is to say of
    /// the run's senders said once (``ImportResult/senderSummaries()``). Whose mail is believed at
    /// all was decided by the importer's ``SenderVerification/SenderPolicy``, message by message.
    ///
    /// - Parameter makers: What the previous feed (or calendar) remembers of who made each of its
    ///   bookings, by event UID; worked out only when mail is among what was read.
    /// - Parameter view: The view those events are in, whose UIDs are not the full feed's
    ///   (`FeedView.uid(ofFull:key:)`), and the key they are made with.
    /// - Returns: The identity key of each reservation left (``Reservations/Reservation/identityKey``),
    ///   worked out once, for merging, and given to synthesis for the UIDs.
    package func admit(
        _ result: inout ImportResult, makers: @autoclosure () -> [String: SenderPolicy.Remembered], view: FeedView = .full,
        viewKey: String? = nil, report: (Diagnostic) -> Void
    ) -> [String?] {
        // Who made what matters only where mail is among the sources: a run of the person's own
        // inputs alone (a large JSON file) pays nothing for it.
        let makers = result.reservations.contains { $0.sender != nil } ? makers() : [:]
        // Under the view's UID, else under the one a view made before view keys gave it.
        let lookUp: ((String) -> SenderPolicy.Remembered?)? =
            makers.isEmpty
            ? nil
            : {
                let full = BookingIdentity.uid(forKey: $0)
                return makers[view.uid(ofFull: full, key: viewKey)] ?? (viewKey == nil ? nil : makers[view.uid(ofFull: full)])
            }
        let (said, keys) = result.keyedMergeBookings(makers: lookUp, policy: importer.senders.policy)
        said.forEach(report)
        let summaries = result.senderSummaries()
        summaries.forEach(report)
        result.diagnostics += summaries
        return keys
    }
}
