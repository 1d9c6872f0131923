import ArgumentParser
import Basics
import Foundation
import ReservationFeed

/// The inputs and the settings every subcommand shares.
struct InputOptions: ParsableArguments {
    init() {}

    @Argument(
        help: "Files, folders (read recursively; feeds this tool wrote are passed over inside them), - for standard input (not with serve), or IMAP folders (imaps://USER@HOST/FOLDER): native JSON, schema.org JSON-LD, web pages, e-mails, mbox files or calendar files (.ics), told apart by content, and PDFs and Wallet passes through KDE's extractor when it is installed.")
    var inputs: [String]

    @Option(
        help: ArgumentHelp(
            "A file holding the IMAP password on its first line, readable by its owner only (mode 0600). Without it, RESERVATION_FEED_IMAP_PASSWORD, then ~/.netrc.",
            valueName: "file"))
    var mailPasswordFile: String?

    @Option(
        help: ArgumentHelp(
            "The time to work from: reservations that ended before it are left out, and it is each event's DTSTAMP (default: now). Pin it for reproducible output.",
            valueName: "ISO 8601 date-time with offset"))
    var now: String?

    @Option(
        help: ArgumentHelp(
            "The language of titles and notes, and the conventions of their dates: en, fr, de, es or ja, with an optional region (en-GB, fr-CA).",
            valueName: "tag"))
    var locale: String = "en"

    @Flag(help: "Write pending and held bookings too, as tentative events (left out by default, as Siri does).")
    var includeUnconfirmed = false

    @Option(
        help: ArgumentHelp(
            "What reads documents without schema.org markup (PDF tickets, boarding passes, Wallet passes, e-mails and pages written for people only): kitinerary, KDE's kitinerary-extractor when it is installed (Debian: libkpimitinerary-bin), or none.",
            valueName: "kitinerary|none"))
    var extractor: ReservationImporter.Extraction = .kitinerary

    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp(
            "Raise or lower a limit on inputs, repeatable: \(ImportLimits.names.map { "\($0.name) (\($0.meaning), default \(InputOptions.describe(ImportLimits()[$0.name]!, isSize: $0.isSize)))" }.joined(separator: "; ")). Sizes take K, M or G.",
            valueName: "name=value"))
    var limitAssignments: [String] = []

    @Option(
        name: .customLong("dkim-keys"),
        help: ArgumentHelp(
            "A file of DKIM keys that stand in for DNS, one a line: the key's name (SELECTOR._domainkey.DOMAIN), white space, and its TXT record (v=DKIM1; k=rsa; p=...), as OpenDKIM's TestPublicKeys; repeatable. Given one, DNS is not asked.",
            valueName: "file"))
    var dkimKeys: [String] = []

    @Flag(
        help: "Use the bookings of e-mails whose sender is not verified too, each still reported: for testing your own markup, as Apple's \"Allow Unverified Sources\".")
    var trustUnverified = false

    @Option(
        name: .customLong("trust-sender"),
        help: ArgumentHelp(
            "Believe this organization's verified mail too, beside the known booking senders the tool ships (airlines, rail, hotels, booking platforms...), repeatable; @FILE reads one domain a line.",
            valueName: "domain|@file"))
    var trustSenders: [String] = []

    @Flag(
        help: "Believe the verified mail of any organization, known booking sender or not (each is still named once a run).")
    var trustVerified = false

    @Option(
        name: .customLong("trust-authserv"),
        help: ArgumentHelp(
            "Take the word of this server's Authentication-Results (its authserv-id, as mx.google.com), repeatable: mail it found on arrival to pass DKIM or DMARC for its sender counts, even when the signature can no longer be checked. Only the topmost such field counts.",
            valueName: "id"))
    var trustAuthserv: [String] = []

    @Option(
        name: .customLong("my-address"),
        help: ArgumentHelp(
            "One of your own e-mail addresses, repeatable: bookings you forward to yourself from a free-mail address (Gmail, Outlook.com) count. An IMAP folder's login counts without it.",
            valueName: "address"))
    var myAddresses: [String] = []

    func validate() throws {
        guard !inputs.isEmpty else {
            throw ValidationError("Name at least one input: a file, a folder, or - for standard input.")
        }
        _ = try moment()
        _ = try synthesisLocale()
        _ = try limits()
        _ = try senders()
    }

    /// How e-mails' senders are checked: `--dkim-keys`, `--trust-unverified`, `--trust-sender`,
    /// `--trust-verified`, `--trust-authserv` and `--my-address`.
    func senders() throws -> SenderTrust {
        var trust = SenderTrust()
        trust.policy.acceptsUnverified = trustUnverified
        trust.policy.believesAnyVerified = trustVerified
        if !dkimKeys.isEmpty {
            do {
                trust.verifier = SenderVerifier(keys: try DKIMKeyFile(paths: dkimKeys))
            } catch {
                throw ValidationError("--dkim-keys: \(said(error))")
            }
        }
        for address in myAddresses {
            guard address.contains("@"), !address.hasPrefix("@"), !address.hasSuffix("@") else {
                throw ValidationError("--my-address: expected an e-mail address such as ada@example.org, found \(address)")
            }
        }
        trust.policy.ownAddresses = Set(myAddresses.map { $0.lowercased() })
        for server in trustAuthserv where server.isEmpty || server.contains(where: { $0.isWhitespace || $0 == ";" }) {
            throw ValidationError("--trust-authserv: expected a server's authserv-id such as mx.google.com, found \"\(server)\"")
        }
        trust.policy.trustedServers = Set(trustAuthserv.map { $0.lowercased() })
        if !trustSenders.isEmpty {
            var organizations: Set<String> = []
            for domain in try Self.domains(trustSenders) {
                guard let organization = SenderPolicy.organization(of: domain) else {
                    throw ValidationError("--trust-sender: \(domain) is not a domain an organization holds (such as united.com)")
                }
                // A tenant of a multi-tenant domain (contoso.onmicrosoft.com) is an organization of its own.
                let isTenant = SharedAddressDomains.organization(of: domain) != nil
                if !isTenant, FreeMailDomains.contains(domain) || FreeMailDomains.contains(organization) || SharedAddressDomains.kind(of: domain) != nil {
                    throw ValidationError(
                        "--trust-sender: anyone can have an address at \(domain), so it is no organization to believe; name your own addresses with --my-address")
                }
                organizations.insert(organization)
            }
            trust.policy.knownSenders.named = organizations
        }
        return trust
    }

    /// The domains of `--trust-sender`, with those of its `@FILE`s.
    private static func domains(_ values: [String]) throws -> [String] {
        var domains: [String] = []
        for value in values {
            guard value.hasPrefix("@") else {
                domains.append(value)
                continue
            }
            let path = String(value.dropFirst())
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("--trust-sender: cannot read the file \(path)")
            }
            for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                let domain = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
                if !domain.isEmpty { domains.append(domain) }
            }
        }
        return domains
    }

    /// The limits on inputs, the defaults changed by `--limit`.
    func limits() throws -> ImportLimits {
        var limits = ImportLimits()
        for assignment in limitAssignments {
            do {
                try limits.set(assignment)
            } catch {
                throw ValidationError("--limit \(said(error))")
            }
        }
        return limits
    }

    private static func describe(_ value: Int, isSize: Bool) -> String {
        isSize ? ImportLimits.describe(bytes: value).split(separator: " ").joined() : "\(value)"
    }

    /// `--now` as an instant: it needs a UTC offset, `Z` or a zone to say which moment it is.
    func moment() throws -> Instant {
        guard let now else { return .now }
        do {
            return try Instant(iso8601: now)
        } catch {
            throw ValidationError("--now: \(said(error))")
        }
    }

    /// The time of each run: the one `--now` pins, read once, or the time it runs.
    func clock() throws -> @Sendable () -> Instant {
        guard now != nil else { return { .now } }
        let pinned = try moment()
        return { pinned }
    }

    func synthesisLocale() throws -> SynthesisLocale {
        guard let value = SynthesisLocale(tag: locale) else {
            throw ValidationError(
                "--locale: \(locale) is not supported; use one of \(SynthesisLocale.supportedLanguages.joined(separator: ", ")), optionally with a region")
        }
        return value
    }

    /// The importer these settings give; `progress` shows a person how far KDE's extractor got.
    func importer(progress: TerminalProgress? = nil) throws -> ReservationImporter {
        let limits = try limits()
        var extractor = InstalledExtractor(timeout: limits.extractorTime, outputLimit: limits.fileSize)
        extractor.progress = progress
        var importer = ReservationImporter(limits: limits, extraction: self.extractor, extractor: extractor)
        importer.senders = try senders()
        // What KDE's extractor says of a document is kept, so that it is asked once per document,
        // for as long as runs keep reading it.
        // A folder that is not the running user's alone is not used (the extractor is asked again).
        let base = MailCache.cacheFolder(environment: ProcessInfo.processInfo.environment)
        let cache = base + "/extracted"
        if (try? PrivateFolder.make(cache, base: base)) != nil {
            importer.extractionCache = cache
            ExtractionMemo.prune(cache)
        }
        return importer
    }

    /// How IMAP folders among the inputs are read; `quiet` keeps the first download's progress
    /// off the terminal.
    func mailboxes(quiet: Bool = false) -> MailboxInputs {
        MailboxInputs(syncer: mailProgram(quiet: quiet))
    }

    /// The mail program these settings run; `quiet` keeps the first download's progress off the
    /// terminal.
    func mailProgram(quiet: Bool = false) -> MailProgram {
        MailProgram(passwordFile: mailPasswordFile, showsProgress: !quiet)
    }

    /// The feed options these settings give.
    func feedOptions() throws -> FeedOptions {
        FeedOptions(includeUnconfirmed: includeUnconfirmed, synthesis: SynthesisOptions(locale: try synthesisLocale()))
    }
}
