import Basics
import Chrono
import Crypto
import Diagnostics
import Foundation
import MailMessage
import Mailboxes
import Parallel
import Reservations
import SenderVerification

/// Reads reservations from files and standard input, whatever their format: native JSON,
/// schema.org JSON-LD, web pages (JSON-LD and Microdata), e-mails and mbox files of them, told
/// apart by content; and,
/// through KDE's extractor when it is installed, documents without markup (PDF tickets, boarding
/// passes, Wallet passes, confirmation e-mails and pages written for people only).
///
/// Every input is read, whatever happens to the others: an unreadable or malformed file gives a
/// ``Diagnostic`` naming the file (and the JSON path and line, where there is one), and the rest
/// of the input still comes through. The same booking read from several inputs is merged
/// (``ReservationMerger``).
///
/// An e-mail is a stranger's until its sender is verified (``senders``): the bookings of one
/// whose sender is not are reported and set apart (``ImportResult/withheld``), so that they make,
/// change and cancel nothing. Native JSON, web pages and documents a person gives are their own.
public struct ReservationImporter: Sendable {
    /// The reader for native JSON.
    public var nativeReader: NativeJSONReader
    /// The reader for schema.org markup.
    public var schemaOrgReader: SchemaOrgReader
    /// Whether documents without markup go to an extractor.
    public var extraction: Extraction
    /// What reads documents without markup when ``extraction`` wants them read: the command line
    /// gives KDE's `kitinerary-extractor`; `nil` reads none (and says so of each).
    public var extractor: (any DocumentExtraction)?
    /// A folder where the extractor's answers are kept by the SHA-256 of the document, so that
    /// a document read again (every message of an mbox export, at every run) is given to it once;
    /// `nil` keeps nothing. The command line uses `$XDG_CACHE_HOME/reservation-feed/extracted`,
    /// and prunes it of what no run used for 60 days (``ExtractionMemo/prune(_:unusedForDays:now:)``).
    public var extractionCache: String?
    /// How e-mails' senders are verified, and whose mail is believed: DKIM with keys from DNS, and
    /// the known booking senders and the person's own addresses, by default.
    public var senders = SenderTrust()
    /// From what size a JSON-LD file is read from disk a batch of elements at a time rather than
    /// whole (see ``SchemaOrgReader/readJSONLD(file:source:)``); tests make it small.
    package var largeFileSize = 8 << 20

    /// How documents without schema.org markup are read.
    public enum Extraction: String, Sendable, Hashable, CaseIterable {
        /// Not at all: only markup is read.
        case none
        /// By ``ReservationImporter/extractor`` (KDE's `kitinerary-extractor` on the command line),
        /// when there is one; a note says so when there is not.
        case kitinerary
    }

    /// How large, deep and long inputs may be. Setting them sets the readers' too.
    public var limits: ImportLimits {
        didSet {
            nativeReader.limits = limits
            schemaOrgReader.limits = limits
        }
    }

    /// Creates an importer.
    public init(
        nativeReader: NativeJSONReader = NativeJSONReader(), schemaOrgReader: SchemaOrgReader = SchemaOrgReader(),
        limits: ImportLimits = ImportLimits(), extraction: Extraction = .kitinerary, extractor: (any DocumentExtraction)? = nil
    ) {
        self.nativeReader = nativeReader
        self.schemaOrgReader = schemaOrgReader
        self.limits = limits
        self.extraction = extraction
        self.extractor = extractor
        self.nativeReader.limits = limits
        self.schemaOrgReader.limits = limits
    }

    /// Reads every input in order, then merges what describes the same booking, and says once
    /// what there is to say of the run's senders (``ImportResult/senderSummaries()``).
    public func read(_ sources: [InputSource]) -> ImportResult {
        var result = ImportResult()
        for source in sources {
            result.append(read(source))
        }
        _ = result.mergeBookings(policy: senders.policy)
        result.diagnostics += result.senderSummaries()
        return result
    }

    /// Reads one input. An mbox file is streamed message by message; any other file is read whole.
    public func read(_ source: InputSource) -> ImportResult {
        switch open(source) {
        // The file is closed when it goes: it must outlive the reading of its descriptor.
        case .mbox(let file, let path): withExtendedLifetime(file) { readMbox(path: path, descriptor: file.descriptor) }
        case .largeJSONLD(let file): limited(schemaOrgReader.readJSONLD(file: file, source: .file(source.description)), source: .file(source.description))
        case .largeNativeJSON(let file): readNativeJSON(file, source: .file(source.description))
        case .contents(let contents): read(contents.bytes, source: .file(source.description), sourceTime: contents.modified)
        case .failed(let result): result
        }
    }

    /// A large native JSON file, read a batch of reservations at a time when it has the usual
    /// shape; else, or when it has a syntax error, read whole, as a small one is.
    private func readNativeJSON(_ file: RandomAccessFile, source: Origin.Source) -> ImportResult {
        if var result = nativeReader.read(file: file, source: source, concurrency: schemaOrgReader.concurrency) {
            let modified = Instant(secondsSinceEpoch: file.modifiedSeconds)
            for index in result.reservations.indices { result.reservations[index].sourceTime = modified }
            return limited(result, source: source)
        }
        do {
            let contents = try FileContents(file: file, limit: limits.fileSize)
            return read(contents.bytes, source: source, sourceTime: contents.modified)
        } catch {
            return ImportResult(diagnostics: [Diagnostic(.error, .unreadable, at: Origin(source), "cannot read the file: \(error)")])
        }
    }

    /// An input, opened once and told apart: an mbox (streamed), a large JSON-LD or native JSON
    /// file (read from disk a batch of elements at a time), anything else read whole; or why it
    /// cannot be read.
    private enum Opened {
        case mbox(RandomAccessFile, path: String)
        case largeJSONLD(RandomAccessFile)
        case largeNativeJSON(RandomAccessFile)
        case contents(FileContents)
        case failed(ImportResult)
    }

    private func open(_ source: InputSource) -> Opened {
        do throws(FileReadError) {
            switch source {
            case .file(let path):
                let file = try RandomAccessFile(path: path)
                let head = file.bytes(in: 0..<min(file.count, InputFormat.headSize)) ?? []
                if MboxReader.isMbox(head.prefix(4096)) { return .mbox(file, path: path) }
                if file.count >= largeFileSize, file.count <= limits.fileSize {
                    switch InputFormat.detect(head) {
                    case .jsonLD: return .largeJSONLD(file)
                    case .nativeJSON: return .largeNativeJSON(file)
                    default: break
                    }
                }
                return .contents(try FileContents(file: file, limit: limits.fileSize))
            case .standardInput:
                return .contents(try FileContents.standardInput(limit: limits.fileSize))
            }
        } catch {
            return .failed(
                ImportResult(diagnostics: [
                    Diagnostic(.error, .unreadable, at: Origin(file: source.description), "cannot read the file: \(error)")
                ]))
        }
    }

    /// Reads input already in memory, recognising its format by its content.
    ///
    /// - Parameters:
    ///   - bytes: The content.
    ///   - source: What it was read from (a file, a message in a mailbox, a donation), which every
    ///     origin and message names.
    ///   - sourceTime: When it was written, if known (a file's modification time).
    public func read(_ bytes: [UInt8], source: Origin.Source, sourceTime: Instant? = nil) -> ImportResult {
        switch InputFormat.detect(bytes) {
        case .nativeJSON:
            var result = nativeReader.read(bytes, source: source)
            for index in result.reservations.indices { result.reservations[index].sourceTime = sourceTime }
            return limited(result, source: source)
        case .jsonLD:
            return limited(schemaOrgReader.readJSONLD(bytes, source: source, sourceTime: sourceTime), source: source)
        case .html:
            let markup = schemaOrgReader.readHTML(bytes, source: source, sourceTime: sourceTime)
            return limited(
                markup.reservations.isEmpty ? extract(bytes, source: source, sourceTime: sourceTime, kind: "a page", markup: markup) : markup,
                source: source)
        case .email:
            return readMessage(bytes, source: source, sourceTime: sourceTime)
        case .mbox:
            return readMbox(bytes, mailbox: source.description)
        case .iCalendar:
            return limited(CalendarFileReader(limits: limits).read(bytes, source: source), source: source)
        case .document(let kind):
            return limited(extract(bytes, source: source, sourceTime: sourceTime, kind: kind.phrase, markup: nil), source: source)
        case nil:
            let what = bytes.isEmpty ? "the file is empty" : "not a format this tool reads (native JSON, JSON-LD, HTML, e-mail, mbox, iCalendar, or a document for KDE's extractor)"
            return ImportResult(diagnostics: [Diagnostic(.error, .unrecognized, at: Origin(source), "\(what)")])
        }
    }

    /// Reads an e-mail: its markup; when it has none, what KDE's extractor finds in it; and when
    /// that is nothing either, its calendar parts and attachments (`text/calendar`), so that one
    /// booking never becomes two events.
    ///
    /// - Parameters:
    ///   - bytes: The message, as RFC 5322 text.
    ///   - source: What it was read from: a file, or a message in a mailbox.
    ///   - sourceTime: When it was written, if known, for the extractor.
    ///   - memo: Where what KDE's extractor says of the message is kept between runs, if anywhere.
    ///   - authenticationMemo: Where what was found of the message's sender (its signatures and
    ///     whether they verified) is kept between runs, so that a key rotated since does not
    ///     change it; beside the extractor's answers in ``extractionCache`` when not given.
    public func readMessage(
        _ bytes: [UInt8], source: Origin.Source, sourceTime: Instant? = nil, memo: ExtractionMemo? = nil,
        authenticationMemo: ExtractionMemo? = nil
    ) -> ImportResult {
        // A BOM or blank lines a file has before the message are no part of it.
        let start = MessageDetector.start(of: bytes)
        let bytes = start > 0 ? Array(bytes[start...]) : bytes
        let (result, attached) = readBookings(bytes, source: source, sourceTime: sourceTime, memo: memo)
        // Only messages that carry a booking are checked: newsletters cost nothing.
        guard !result.reservations.isEmpty else { return result }
        let memo = authenticationMemo ?? extractionCache.map { ExtractionMemo.file("\($0)/\(Self.digest(bytes)).authentication", makingFolder: true, markingUse: true) }
        return vouched(result, message: bytes, attached: attached, source: source, memo: memo)
    }

    /// Whether a message's servers' verdicts (`Authentication-Results`) are read: only for a
    /// message of a mailbox (an IMAP folder, an mbox export), which the person's provider
    /// delivered. A loose file, standard input or a donation may be anyone's making, fields that
    /// pass for a provider's included; it counts on its signature alone.
    static func readsServerVerdicts(of source: Origin.Source) -> Bool {
        if case .message = source { true } else { false }
    }

    /// What the message says of its sender: as found when it was first read, when that was kept
    /// with the same key source; else found now, and kept unless a key could not be looked up
    /// (a later run tries again).
    ///
    /// What servers said on arrival (`Authentication-Results`) is read afresh each time: it
    /// depends on no key, and how it is read may improve.
    private func authentication(of bytes: [UInt8], memo: ExtractionMemo?, serverVerdicts: Bool) -> MessageAuthentication {
        guard let memo, let identity = senders.verifier.keys.memoIdentity else { return senders.authenticate(bytes, serverVerdicts: serverVerdicts) }
        let signature = "reservation-feed sender 1 \(identity)"
        if let kept = memo.load(signature), let found = try? JSONDecoder().decode(MessageAuthentication.self, from: Data(kept)) {
            return SenderVerifier.refreshed(found, message: bytes, serverVerdicts: serverVerdicts)
        }
        let found = senders.authenticate(bytes, serverVerdicts: serverVerdicts)
        if !found.isProvisional, let encoded = try? Self.memoEncoder.encode(found) {
            memo.save(signature, Array(encoded))
        }
        return found
    }

    /// Writes what was found of a sender the same way every time (its keys in order), so that
    /// the same findings make the same file.
    private static let memoEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// What an e-mail's markup, KDE's extractor or its calendar parts give, before its sender is
    /// looked at, and the messages attached to it.
    private func readBookings(
        _ bytes: [UInt8], source: Origin.Source, sourceTime: Instant?, memo: ExtractionMemo?
    ) -> (ImportResult, [AttachedMessage]) {
        let (markup, calendars, attached, senderCountry) = schemaOrgReader.readMailAndCalendars(bytes, source: source)
        guard markup.reservations.isEmpty else { return (limited(markup, source: source), attached) }
        // KDE's extractor reads the message as its sender signed it: nothing added after signing.
        var extracted = extract(
            bytes, readerView: true, source: source, sourceTime: sourceTime, kind: "an e-mail", markup: markup, memo: memo,
            memoVersion: " reader-view")
        guard extracted.reservations.isEmpty, !calendars.isEmpty else {
            extracted.setSenderCountry(senderCountry)
            return (limited(extracted, source: source), attached)
        }
        var result = ImportResult(diagnostics: markup.diagnostics)
        for part in calendars {
            result.append(CalendarFileReader(limits: limits).read(part.bytes, source: source, basePath: "part[\(part.section)]"))
        }
        result.introduceCompanions()
        result.setSenderCountry(senderCountry)
        return (limited(result, source: source), attached)
    }

    /// The bookings of a message, as its sender's verdict has them: marked with the verified
    /// sender, or set apart as withheld and reported.
    ///
    /// The bookings of a message attached to this one (a forwarded confirmation) answer to the
    /// attached message's own sender, whose signature travels with it; or, when this message is
    /// the person's own (forwarding to oneself), to the person.
    private func vouched(
        _ result: ImportResult, message bytes: [UInt8], attached: [AttachedMessage], source: Origin.Source, memo: ExtractionMemo?
    ) -> ImportResult {
        var result = result
        let authentication = authentication(of: bytes, memo: memo, serverVerdicts: Self.readsServerVerdicts(of: source))
        let verdict = senders.policy.verdict(for: authentication)
        // Innermost first, so that a part is taken for the message nearest to it.
        let attached = attached.sorted { $0.section.count > $1.section.count }
        // Each booking by the message it was read from: this one (nil), or an attached one.
        var groups: [(section: String?, reservations: [ImportedReservation])] = []
        for imported in result.reservations {
            let part = imported.origin.flatMap { Self.partSection(of: $0.path) }
            let section = part.flatMap { part in attached.first { $0.contains(section: part) }?.section }
            if let index = groups.firstIndex(where: { $0.section == section }) {
                groups[index].reservations.append(imported)
            } else {
                groups.append((section, [imported]))
            }
        }
        var used: [ImportedReservation] = []
        var warnings: [Diagnostic] = []
        let policy = senders.policy
        for group in groups {
            var groupVerdict = verdict
            var origin = Origin(source)
            if let section = group.section, let message = attached.first(where: { $0.section == section }) {
                origin = Origin(source, path: "part[\(section)]")
                let own = senders.examine(message.bytes, attached: true).verdict
                if own.sender != nil || verdict.sender?.isOwnAddress != true { groupVerdict = own }
            }
            switch groupVerdict {
            case .verified(let sender):
                used += group.reservations.map { imported in
                    var imported = imported
                    imported.sender = sender.bookingSender
                    // Which of two messages is the later is decided by a date the signature covers.
                    imported.sourceTime = sender.signedTime
                    return imported
                }
            case .unverified(let reason):
                if group.section == nil, let server = authentication.topmostServer, !policy.trustedServers.contains(server) {
                    result.untrustedServers[server, default: 0] += 1
                }
                let bookings = Self.describe(group.reservations)
                if policy.acceptsUnverified {
                    warnings.append(
                        Diagnostic(.warning, .unverifiedSender, at: origin, "its sender is not verified: \(reason); \(bookings) used all the same, as asked"))
                    used += group.reservations
                } else {
                    if case .unknownSender(let organization) = reason {
                        // Said once a run for the organization, with the option that would believe it.
                        let known = result.unknownSenders[organization]
                        result.unknownSenders[organization] = ImportResult.UnknownSender(
                            messages: (known?.messages ?? 0) + 1, first: known?.first ?? origin)
                    } else {
                        warnings.append(
                            Diagnostic(.warning, .unverifiedSender, at: origin, "\(bookings) not used, because its sender is not verified: \(reason)"))
                    }
                    result.withheld += group.reservations
                }
            }
        }
        // When nothing of the message is used, what was said of its content goes too: a
        // stranger's broken markup must not fail a person's run.
        result.diagnostics = used.isEmpty && !policy.acceptsUnverified ? warnings : result.diagnostics + warnings
        result.reservations = used
        return result
    }

    /// The section of the e-mail part a path starts in: `2.1` of `part[2.1].script[1]`.
    static func partSection(of path: String) -> String? {
        guard path.hasPrefix("part["), let end = path.firstIndex(of: "]") else { return nil }
        return String(path[path.index(path.startIndex, offsetBy: 5)..<end])
    }

    /// What bookings are, for a message: `its booking (flight K7P2QX)`, `its 2 bookings (…)`.
    static func describe(_ reservations: [ImportedReservation]) -> String {
        var names: [String] = []
        for imported in reservations {
            let reservation = imported.reservation
            let name = [Self.nouns[reservation.category] ?? "booking", reservation.reservationNumber].compactMap { $0 }.joined(separator: " ")
            if !names.contains(name) { names.append(name) }
        }
        let list = names.joined(separator: ", ")
        return reservations.count == 1 ? "its booking (\(list))" : "its \(reservations.count) bookings (\(list))"
    }

    /// What a booking of each category is called in messages.
    private static let nouns: [ReservationCategory: String] = [
        .flight: "flight", .lodging: "stay", .rentalCar: "rental car", .restaurant: "table", .ticketedEvent: "ticket", .train: "train trip",
        .bus: "bus trip", .boat: "boat trip",
    ]

    /// The result, with no more than `--limit reservations` reservations from one input.
    private func limited(_ result: ImportResult, source: Origin.Source) -> ImportResult {
        guard result.reservations.count > limits.reservations else { return result }
        var result = result
        result.reservations.removeSubrange(limits.reservations...)
        result.diagnostics.append(
            Diagnostic(
                .error, .limit, at: Origin(source),
                "more than \(limits.reservations) reservations (\(setting: .limit("reservations"))); the first \(limits.reservations) were read"))
        return result
    }

    /// A document whose markup gave no reservation (or that has none), read by KDE's extractor:
    /// its JSON-LD is read like any other, every message naming the document.
    ///
    /// - Parameters:
    ///   - kind: What the document is, for messages (`a PDF`, `an e-mail`).
    ///   - markup: What reading the markup gave, kept when the extractor finds nothing.
    ///   - memo: Where the extractor's answer is kept between runs, if anywhere.
    ///   - memoVersion: Said after the extractor's signature where its answer is kept, when what it
    ///     is given changed (an e-mail's reader view), so that an answer kept before is not taken.
    ///
    /// With `readerView`, the extractor is given the message as ``SenderVerification/SenderVerifier/readerView(of:)``
    /// cuts it, made only when the extractor is asked (not for a kept answer, nor without an
    /// extractor); the kept answer is found by the message's own bytes.
    private func extract(
        _ bytes: [UInt8], readerView: Bool = false, source: Origin.Source, sourceTime: Instant?, kind: String, markup: ImportResult?,
        memo: ExtractionMemo? = nil, memoVersion: String = ""
    ) -> ImportResult {
        let location = Origin(source)
        if extraction == .none {
            // Asked for: pages and e-mails give what their markup gives; a PDF or a pass is unread.
            return markup ?? ImportResult(diagnostics: [Self.notRead(kind, at: location)])
        }
        guard let extractor, let signature = extractor.signature.map({ $0 + memoVersion }) else {
            var result = markup ?? ImportResult()
            let why =
                extractor == nil
                ? "no extractor was given to read it" : "KDE's kitinerary-extractor reads such documents, but it is not installed (Debian: apt-get install libkpimitinerary-bin)"
            result.diagnostics.append(Diagnostic(.warning, .noExtractor, at: location, "\(kind) without schema.org markup: \(why)"))
            return result
        }
        let memo = memo ?? extractionCache.map { ExtractionMemo.file("\($0)/\(Self.digest(bytes)).kitinerary", makingFolder: true, markingUse: true) }
        let answer: [UInt8]
        do {
            if let memo, let kept = memo.load(signature) {
                answer = kept
            } else {
                answer = try extractor.extract(readerView ? SenderVerifier.readerView(of: bytes) : bytes, received: sourceTime)
                memo?.save(signature, answer)
            }
        } catch {
            var result = markup ?? ImportResult()
            result.diagnostics.append(Diagnostic(.error, .extractor, at: location, "\(error)"))
            return result
        }
        let extracted = schemaOrgReader.readJSONLD(answer, source: source, sourceTime: sourceTime, basePath: "kitinerary")
        guard extracted.reservations.isEmpty else { return extracted }
        if let markup { return markup }
        var result = extracted
        result.diagnostics.append(Diagnostic(.warning, .nothingFound, at: location, "kitinerary-extractor found no reservation in it (\(kind))"))
        return result
    }

    /// The SHA-256 of a document, in hexadecimal: its name in ``extractionCache``.
    static func digest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// A document left unread because `--extractor none` was given.
    private static func notRead(_ kind: String, at location: Origin) -> Diagnostic {
        Diagnostic(.warning, .noExtractor, at: location, "\(kind) without schema.org markup, not read (\(setting: Setting("extractor", "none")))")
    }
}
