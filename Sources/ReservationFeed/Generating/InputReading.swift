import Diagnostics
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
    /// - Returns: How many inputs were read, what they held (each booking merged), and the
    ///   identity key of each reservation (``Reservations/Reservation/identityKey``), worked out
    ///   once, for merging, and given to synthesis for the UIDs.
    /// - Throws: ``FeedError/input(_:)`` when an input does not exist, ``FeedError/mailbox(_:)``
    ///   when a folder cannot be read.
    package func read(
        _ inputs: [String], report: (Diagnostic) -> Void
    ) throws(FeedError) -> (inputCount: Int, result: ImportResult, identityKeys: [String?]) {
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
                throw .mailbox(error.description)
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
            let read = mailboxes.read(folder, with: importer)
            read.diagnostics.forEach(report)
            result.append(read)
        }
        let (said, keys) = result.keyedMergeBookings()
        said.forEach(report)
        let untrusted = Self.untrustedServers(result.untrustedServers)
        untrusted.forEach(report)
        result.diagnostics += untrusted
        return (expanded.sources.count + folders.count, result, keys)
    }

    /// One line for each server whose verdicts unverified messages carry but the person does not
    /// trust: what would let their provider's word count, for mail whose signatures can no longer
    /// be checked (keys rotated since: an archive, a Takeout export).
    static func untrustedServers(_ servers: [String: Int]) -> [Diagnostic] {
        servers.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { server, count in
            let messages = count == 1 ? "1 message with bookings was" : "\(count) messages with bookings were"
            return Diagnostic(
                .warning, .untrustedServer,
                "\(messages) checked on arrival by \(server) (its Authentication-Results, topmost), whose word is not taken; if it is your mail provider's server, \(setting: Setting("trust-authserv", server)) lets its verdicts count")
        }
    }
}
