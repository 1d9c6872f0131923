/// Checks reservations and says what a feed would make of them, without writing one: what
/// `reservation-feed lint` runs.
///
/// It reports, each with its file and JSON path (every code, with the stage that raises it, is
/// in `docs/diagnostic-codes.md`):
///
/// | code | severity | finding |
/// |---|---|---|
/// | `syntax`, `invalid`, `unreadable` | error | a file or a reservation cannot be read |
/// | `missing-required` | error | a category's start time is missing |
/// | `end-before-start` | warning | an arrival before its departure, a check-out before check-in |
/// | `offset-zone-conflict` | warning | a UTC offset (or a stated zone) that contradicts the place's zone |
/// | `lenient-date`, `date-order-guessed` | warning | a date that is not ISO 8601, read and how; day and month ordered by a guess |
/// | `nonexistent-time`, `ambiguous-time` | warning | a wall time the clocks skip, or show twice |
/// | `date-without-time` | warning | a departure or table with a date and no time of day |
/// | `no-extractor`, `nothing-found`, `extractor` | warning, warning, error | a document without markup, and KDE's extractor absent, finding nothing, or failing |
/// | `unknown-airport` | warning | an airport code not in the airport table |
/// | `floating-time`, `zone-guessed` | warning | no zone or offset, and the place says little |
/// | `duplicate-item-reference` | warning | two different reservations with one item reference |
/// | `duplicate-reservation` | warning | the same booking read twice |
/// | `unconfirmed` | warning | pending or held: left out of feeds until confirmed |
/// | `unverified-sender` | warning | an e-mail with bookings whose sender is not verified, and why: its bookings are not used |
/// | `ended` | warning | already over: left out of feeds, as Siri does |
/// | `no-identity` and others | warning | see `docs/diagnostic-codes.md` |
public struct ReservationLinter: Sendable {
    /// The options a feed would be made with.
    public var options: FeedOptions
    /// Which files folders contribute.
    public var discovery: InputDiscovery
    /// How files are read.
    public var importer: ReservationImporter
    /// How IMAP folders among the inputs are read.
    public var mailboxes = MailboxInputs()

    /// Creates a linter.
    public init(
        options: FeedOptions = FeedOptions(), discovery: InputDiscovery = InputDiscovery(),
        importer: ReservationImporter = ReservationImporter()
    ) {
        self.options = options
        self.discovery = discovery
        self.importer = importer
    }

    /// Reads the inputs and checks them.
    ///
    /// - Throws: ``FeedError/input(_:)`` when an input does not exist.
    public func lint(inputs: [String], now: Instant) throws(FeedError) -> LintReport {
        let reading = InputReading(discovery: discovery, importer: importer, mailboxes: mailboxes)
        var (inputCount, read) = try reading.read(inputs, report: { _ in })
        // Without a feed, nothing is known of who made each booking but what the inputs say.
        _ = reading.admit(&read, makers: [:], report: { _ in })
        let findings = read.diagnostics + lint(read.reservations, now: now)
        return LintReport(
            inputCount: inputCount, messageCount: read.messages, reservationCount: read.reservations.count, diagnostics: Self.ordered(findings))
    }

    /// Checks reservations already read.
    public func lint(_ reservations: [ImportedReservation], now: Instant) -> [Diagnostic] {
        // Lint looks at the input alone: with no previous feed there is nothing to shrink.
        var options = self.options
        options.allowShrink = true
        guard let build = try? FeedBuilder(options: options).build(from: reservations, now: now) else { return [] }
        var findings = build.diagnostics
        for skipped in build.skipped {
            switch skipped.reason {
            case .unconfirmed(let status):
                findings.append(
                    Diagnostic(
                        .warning, .unconfirmed, at: skipped.origin,
                        "\(status.rawValue): left out of feeds until confirmed (\(setting: Setting("include-unconfirmed")) writes it as tentative)"))
            case .ended(let end):
                findings.append(
                    Diagnostic(.warning, .ended, at: skipped.origin, "ended \(end): left out of feeds, as Siri does"))
            case .unverifiedSender:
                // Reported once, for the message, when it was read.
                break
            }
        }
        var firstWithReference: [String: ImportedReservation] = [:]
        for imported in reservations {
            guard let reference = imported.reservation.itemReference, !reference.isEmpty else { continue }
            guard let first = firstWithReference[reference] else {
                firstWithReference[reference] = imported
                continue
            }
            if first.reservation != imported.reservation {
                findings.append(
                    Diagnostic(
                        .warning, .duplicateItemReference, field: .itemReference, at: imported.origin(of: .itemReference),
                        "the item reference \"\(reference)\" is also used by \(first.origin.map { "\($0)" } ?? "another reservation"); each part of a booking needs its own"))
            }
        }
        return Self.ordered(findings)
    }

    /// By input, then line and column; messages without a position first within their input,
    /// and those without an origin first of all.
    private static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { left, right in
            let (a, b) = (left.element.origin, right.element.origin)
            let (sourceA, sourceB) = (a?.source.description ?? "", b?.source.description ?? "")
            if sourceA != sourceB { return sourceA < sourceB }
            let positionA = a?.position.map { ($0.line, $0.column) } ?? (0, 0)
            let positionB = b?.position.map { ($0.line, $0.column) } ?? (0, 0)
            if positionA != positionB { return positionA < positionB }
            return left.offset < right.offset
        }.map(\.element)
    }
}
