import COpenDKIM

/// One message's verification as libopendkim's callbacks see it, through the handle's user
/// context: where keys come from and what they answered, which signing domains come first, the
/// time the signatures' times are judged at, and the body, for the length of its canonical forms.
/// Used on one thread only, the verifying one.
final class Verification {
    /// Where keys are looked up.
    let keys: any DKIMKeySource
    /// The signing domains whose signatures are tried first, lower case.
    let preferredDomains: Set<String>
    /// The time the signatures' times are judged at, in seconds since 1970.
    let time: Int64
    /// The body as libopendkim is given it (CRLF line ends).
    let body: [UInt8]

    /// The answers, by key name; a name is looked up once for a message.
    var answers: [String: DKIMKeyAnswer] = [:]
    /// How many keys were looked up for the preferred domains' signatures, and for the others'.
    var lookups = (preferred: 0, others: 0)
    /// The signatures whose key was not looked up, and why.
    var skipped: [OpaquePointer: DKIMOutcome] = [:]
    /// The signatures in the order they appear, as libopendkim listed them before they were
    /// reordered; empty until it listed them.
    var order: [OpaquePointer] = []
    /// The signatures in the order they are tried (the preferred domains' first), and where each is
    /// in it.
    private(set) var tried: [OpaquePointer] = []
    private var positions: [OpaquePointer: Int] = [:]
    /// How many of ``tried`` have been looked at for a preferred signature that verified.
    private var looked = 0
    /// Whether a preferred signature verified, covering the whole body.
    private var settled = false
    /// The length of the canonical body, by canonicalization, once found.
    private var canonicalLengths: [BodyCanonicalization: Int] = [:]

    init(keys: any DKIMKeySource, preferredDomains: Set<String>, time: Int64, body: [UInt8]) {
        self.keys = keys
        self.preferredDomains = preferredDomains
        self.time = time
        self.body = body
    }

    /// The signing domain of a signature, lower case (empty when it has none).
    static func domain(of signature: OpaquePointer) -> String {
        dkim_sig_getdomain(signature).map { String(cString: $0).lowercased() } ?? ""
    }

    /// The value of one of a signature's tags, as libopendkim read it (white space removed).
    static func tag(_ name: String, of signature: OpaquePointer) -> String? {
        var tag = Array(name.utf8CString).map { UInt8(bitPattern: $0) }
        return dkim_sig_gettagvalue(signature, false, &tag).map { String(cString: $0) }
    }

    /// Whether a signature's domain is one of those tried first.
    func isPreferred(_ signature: OpaquePointer) -> Bool {
        !preferredDomains.isEmpty && preferredDomains.contains(Self.domain(of: signature))
    }

    /// A signature's times (`t=`, `x=`).
    static func times(of signature: OpaquePointer) -> SignatureTimes {
        SignatureTimes(t: tag("t", of: signature), x: tag("x", of: signature))
    }

    /// Lists the signatures in the order they appear and in the order they are to be tried: the
    /// preferred domains' first, from the bottom of the header up (the signature nearest the
    /// body is the first signer's: whoever handles the message after adds theirs on top, as a
    /// forger adding signatures of the sender's domain to a genuine message would), then the
    /// others in the order they appear.
    func list(_ signatures: [OpaquePointer]) {
        order = signatures
        tried = signatures.filter(isPreferred).reversed() + signatures.filter { !isPreferred($0) }
        positions = Dictionary(uniqueKeysWithValues: tried.enumerated().map { ($1, $0) })
    }

    /// Whether a preferred signature tried before `signature` verified, covering the whole body:
    /// then no other key need be looked up. libopendkim tries them in turn, so those before it
    /// are done; each is looked at once.
    func isSettled(before signature: OpaquePointer, of handle: OpaquePointer) -> Bool {
        guard !settled else { return true }
        guard !preferredDomains.isEmpty, let end = positions[signature] else { return false }
        while looked < end {
            let earlier = tried[looked]
            looked += 1
            guard isPreferred(earlier) else { continue }
            let (outcome, coversWholeBody) = judge(earlier, of: handle)
            if outcome == .pass, coversWholeBody {
                settled = true
                return true
            }
        }
        return false
    }

    /// Whether a signature verified, and if not, why; and whether its `l=`, if any, reaches the end
    /// of the canonical body.
    func judge(_ signature: OpaquePointer, of handle: OpaquePointer) -> (outcome: DKIMOutcome, coversWholeBody: Bool) {
        (outcome(of: signature), coversWholeBody(signature, of: handle))
    }

    private func outcome(of signature: OpaquePointer) -> DKIMOutcome {
        if let judgement = Self.times(of: signature).judgement(at: time) { return judgement }
        // Its key was not looked up (libopendkim took it for one not found).
        if let reason = skipped[signature] { return reason }
        let flags = Int32(dkim_sig_getflags(signature))
        let bodyHash = dkim_sig_getbh(signature)
        if flags & DKIM_SIGFLAG_PASSED != 0, bodyHash == DKIM_SIGBH_MATCH {
            var algorithm: dkim_alg_t = DKIM_SIGN_UNKNOWN
            _ = dkim_sig_getsignalg(signature, &algorithm)
            if algorithm == DKIM_SIGN_RSASHA1 { return .algorithm }
            // RFC 6376, section 3.6.1: mail signed with a key in testing mode is unsigned mail.
            return flags & DKIM_SIGFLAG_TESTKEY != 0 ? .testingKey : .pass
        }
        let name = DKIMSignature.keyName(selector: dkim_sig_getselector(signature).map { String(cString: $0) } ?? "", domain: Self.domain(of: signature))
        if case .unavailable = answers[name] { return .keyUnavailable }
        return Self.outcome(error: dkim_sig_geterror(signature), bodyHash: bodyHash, processed: flags & DKIM_SIGFLAG_PROCESSED != 0)
    }

    /// Why a signature did not verify, from libopendkim's error.
    private static func outcome(error: Int32, bodyHash: Int32, processed: Bool) -> DKIMOutcome {
        switch error {
        case DKIM_SIGERROR_NOKEY: return .keyNotFound
        case DKIM_SIGERROR_KEYFAIL: return .keyUnavailable
        case DKIM_SIGERROR_KEYREVOKED: return .keyRevoked
        case DKIM_SIGERROR_DNSSYNTAX, DKIM_SIGERROR_MULTIREPLY, DKIM_SIGERROR_KEYVERSION, DKIM_SIGERROR_KEYUNKNOWNHASH,
            DKIM_SIGERROR_KEYHASHMISMATCH, DKIM_SIGERROR_NOTEMAILKEY, DKIM_SIGERROR_KEYTYPEMISSING, DKIM_SIGERROR_KEYTYPEUNKNOWN,
            DKIM_SIGERROR_KEYDECODE, DKIM_SIGERROR_KEYTOOSMALL:
            return .keyUnusable
        // The times are judged before (``SignatureTimes``), and libopendkim, which judges them by
        // the system's clock, is given the drift that keeps it from refusing those in date: it
        // refuses only what no signer writes (a t= within that drift of 1970).
        case DKIM_SIGERROR_EXPIRED, DKIM_SIGERROR_FUTURE, DKIM_SIGERROR_TIMESTAMPS: return .malformed
        // l= longer than the canonical body: the body was cut after signing.
        case DKIM_SIGERROR_TOOLARGE_L: return .bodyChanged
        case DKIM_SIGERROR_MISSING_A, DKIM_SIGERROR_INVALID_A: return .algorithm
        default:
            if bodyHash == DKIM_SIGBH_MISMATCH { return .bodyChanged }
            return processed || error == DKIM_SIGERROR_BADSIG ? .signatureMismatch : .malformed
        }
    }

    /// Whether a signature's body-length tag (`l=`), if it has one, is at least the length of the
    /// whole body in the signature's canonical form (RFC 6376, section 3.5). libopendkim counts
    /// only the bytes it hashed, which stop at `l=`, so the whole canonical length is found here.
    private func coversWholeBody(_ signature: OpaquePointer, of handle: OpaquePointer) -> Bool {
        var limit = -1
        guard dkim_sig_getcanonlen(handle, signature, nil, nil, &limit) == DKIM_STAT_OK, limit >= 0 else { return true }
        var header: dkim_canon_t = DKIM_CANON_UNKNOWN
        var body: dkim_canon_t = DKIM_CANON_UNKNOWN
        _ = dkim_sig_getcanons(signature, &header, &body)
        return limit >= canonicalLength(body == DKIM_CANON_RELAXED ? .relaxed : .simple)
    }

    /// The length of the whole body in a canonical form, found once for each form.
    private func canonicalLength(_ canonicalization: BodyCanonicalization) -> Int {
        if let known = canonicalLengths[canonicalization] { return known }
        let length = canonicalization.length(of: body)
        canonicalLengths[canonicalization] = length
        return length
    }
}
