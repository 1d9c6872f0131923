import Chrono
import COpenDKIM
import MailMessage

/// Verifies the DKIM signatures of an e-mail (RFC 6376, with `ed25519-sha256` of RFC 8463),
/// through libopendkim: every signature the message carries, each with its domain and whether
/// it verified.
///
/// The cryptography and canonicalization are libopendkim's; the keys come from ``keys``, which
/// is DNS for real mail (``DNSKeySource``) and a file that stands in for it in tests
/// (``DKIMKeyFile``). Messages kept on Unix with bare line feeds are checked in their CRLF form,
/// as they travelled. `rsa-sha1` signatures do not verify (RFC 8301), nor do those whose key is
/// published in testing mode (`t=y`, which RFC 6376 makes unsigned mail).
///
/// ```swift
/// let verifier = DKIMVerifier(keys: DNSKeySource())
/// for signature in verifier.verify(bytes) {
///     print(signature.domain, signature.outcome)   // united.com verified
/// }
/// ```
public struct DKIMVerifier: Sendable {
    /// Where keys are looked up.
    public var keys: any DKIMKeySource

    /// A verifier looking keys up in `keys`.
    public init(keys: any DKIMKeySource) {
        self.keys = keys
    }

    /// Verifies every DKIM signature of a message.
    ///
    /// - Parameters:
    ///   - message: The message as it was received (RFC 5322; CRLF or LF line ends).
    ///   - header: The message's header, when the caller has split it already.
    ///   - time: The time to judge the signatures' times against (`x=`, when the signature
    ///     expires; `t=`, when it was signed, which may not be in the future), allowing five minutes
    ///     either way for the signer's clock: when the message arrived, for one read long after;
    ///     now when `nil`.
    /// - Returns: The signatures, in the order they appear; empty for a message without one.
    public func verify(_ message: [UInt8], header: RawHeader? = nil, at time: Instant? = nil) -> [DKIMSignature] {
        let header = header ?? RawHeader(message)
        let fields = header.fields.filter { $0.isNamed("DKIM-Signature") }
        guard !fields.isEmpty else { return [] }
        let now = Instant.now.secondsSinceEpoch
        let time = time?.secondsSinceEpoch ?? now
        // The signatures' times, read before libopendkim reads them: it judges them by the
        // system's clock, whatever time it is given, so they are judged here, and libopendkim is
        // given the clock drift that keeps it from refusing those in date at `time`.
        let times = fields.map { field in
            let tags = DKIMTagList(field.value)
            return SignatureTimes(t: tags["t"], x: tags["x"])
        }

        guard let library = dkim_init(nil, nil) else { return [] }
        defer { dkim_close(library) }
        // Signatures that cannot even be parsed are listed too, so that they can be reported.
        _ = rf_dkim_set_flags(library, UInt32(DKIM_LIBFLAGS_BADSIGHANDLES))
        _ = rf_dkim_set_minimum_key_bits(library, 1024)
        _ = rf_dkim_set_clock_drift(library, UInt64(SignatureTimes.drift(for: times, at: time, now: now)))
        _ = dkim_set_key_lookup(library, lookUpKey)
        var status: DKIM_STAT = 0
        guard let handle = dkim_verify(library, "reservation-feed", nil, &status) else { return [] }
        defer { dkim_free(handle) }
        var body = Self.withCRLF(message[header.bodyStart...])
        let lookups = KeyLookups(keys: keys, body: body, time: time)
        let context = Unmanaged.passRetained(lookups)
        defer { context.release() }
        _ = dkim_set_user_context(handle, context.toOpaque())

        for field in header.fields {
            var text = Self.withCRLF(field.text[...])
            _ = dkim_header(handle, &text, text.count)
        }
        _ = dkim_eoh(handle)
        if !body.isEmpty { _ = dkim_body(handle, &body, body.count) }
        _ = dkim_eom(handle, nil)

        var list: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        guard dkim_getsiglist(handle, &list, &count) == DKIM_STAT_OK, let list else { return [] }
        return (0..<Int(count)).compactMap { index in
            list[index].map { signature($0, of: handle, lookups: lookups) }
        }
    }

    /// What libopendkim found of one signature.
    private func signature(_ signature: OpaquePointer, of handle: OpaquePointer, lookups: KeyLookups) -> DKIMSignature {
        let domain = dkim_sig_getdomain(signature).map { String(cString: $0).lowercased() } ?? ""
        let selector = dkim_sig_getselector(signature).map { String(cString: $0) } ?? ""
        var algorithm: dkim_alg_t = DKIM_SIGN_UNKNOWN
        _ = dkim_sig_getsignalg(signature, &algorithm)
        let algorithmName = Self.tag("a", of: signature)?.lowercased() ?? "unknown"
        // libopendkim removes the white space of tag values: `from:to:subject`.
        let signedFields = Self.tag("h", of: signature).map { value in
            value.split(separator: ":").map { $0.lowercased() }.filter { !$0.isEmpty }
        }
        let times = SignatureTimes(t: Self.tag("t", of: signature), x: Self.tag("x", of: signature))

        let flags = Int32(dkim_sig_getflags(signature))
        let bodyHash = dkim_sig_getbh(signature)
        let outcome: DKIMOutcome
        if let judgement = times.judgement(at: lookups.time) {
            outcome = judgement
        } else if flags & DKIM_SIGFLAG_PASSED != 0, bodyHash == DKIM_SIGBH_MATCH {
            // RFC 6376, section 3.6.1: mail signed with a key in testing mode is unsigned mail.
            outcome = algorithm == DKIM_SIGN_RSASHA1 ? .algorithm : flags & DKIM_SIGFLAG_TESTKEY != 0 ? .testingKey : .pass
        } else if case .unavailable = lookups.answers[DKIMSignature.keyName(selector: selector, domain: domain)] {
            outcome = .keyUnavailable
        } else {
            outcome = Self.outcome(error: dkim_sig_geterror(signature), bodyHash: bodyHash, processed: flags & DKIM_SIGFLAG_PROCESSED != 0)
        }
        return DKIMSignature(
            domain: domain, selector: selector, algorithm: algorithmName, outcome: outcome,
            coversWholeBody: coversWholeBody(signature, of: handle, lookups: lookups), signedFields: signedFields ?? [],
            timestamp: times.signed.map(Instant.init(secondsSinceEpoch:)))
    }

    /// Whether a signature's body-length tag (`l=`), if it has one, is at least the length of the
    /// whole body in the signature's canonical form (RFC 6376, section 3.5). libopendkim counts
    /// only the bytes it hashed, which stop at `l=`, so the whole canonical length is found here.
    private func coversWholeBody(_ signature: OpaquePointer, of handle: OpaquePointer, lookups: KeyLookups) -> Bool {
        var limit = -1
        guard dkim_sig_getcanonlen(handle, signature, nil, nil, &limit) == DKIM_STAT_OK, limit >= 0 else { return true }
        var header: dkim_canon_t = DKIM_CANON_UNKNOWN
        var body: dkim_canon_t = DKIM_CANON_UNKNOWN
        _ = dkim_sig_getcanons(signature, &header, &body)
        return limit >= lookups.canonicalLength(body == DKIM_CANON_RELAXED ? .relaxed : .simple)
    }

    /// The value of one of a signature's tags, as libopendkim read it (white space removed).
    private static func tag(_ name: String, of signature: OpaquePointer) -> String? {
        var tag = Array(name.utf8CString).map { UInt8(bitPattern: $0) }
        return dkim_sig_gettagvalue(signature, false, &tag).map { String(cString: $0) }
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

    /// The text with every bare line feed made CRLF, as mail travels.
    static func withCRLF(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count + text.count / 32)
        var previous: UInt8 = 0
        for byte in text {
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") { result.append(UInt8(ascii: "\r")) }
            result.append(byte)
            previous = byte
        }
        return result
    }
}

/// The key source of one verification, and what it answered, reached from libopendkim's
/// callback through the handle's user context; and the body, for the length of its canonical
/// forms. Used on one thread only, the verifying one.
private final class KeyLookups {
    /// The most keys looked up for one message; the signatures past them are taken as having none.
    static let maximum = 8

    let keys: any DKIMKeySource
    var answers: [String: DKIMKeyAnswer] = [:]
    /// The body as libopendkim is given it (CRLF line ends).
    let body: [UInt8]
    /// The length of the canonical body, by canonicalization, once found.
    private var canonicalLengths: [BodyCanonicalization: Int] = [:]

    /// The time the signatures' times are judged at, in seconds since 1970.
    let time: Int64

    init(keys: any DKIMKeySource, body: [UInt8], time: Int64) {
        self.keys = keys
        self.body = body
        self.time = time
    }

    /// The length of the whole body in a canonical form, found once for each form.
    func canonicalLength(_ canonicalization: BodyCanonicalization) -> Int {
        if let known = canonicalLengths[canonicalization] { return known }
        let length = canonicalization.length(of: body)
        canonicalLengths[canonicalization] = length
        return length
    }
}

/// libopendkim's key look-up: the record for the signature's selector and domain, from the
/// verification's source.
private let lookUpKey: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int) -> DKIM_CBSTAT = {
    handle, signature, buffer, capacity in
    guard let handle, let signature, let buffer, capacity > 1, let context = dkim_get_user_context(handle) else {
        return DKIM_CBSTAT_ERROR
    }
    let lookups = Unmanaged<KeyLookups>.fromOpaque(context).takeUnretainedValue()
    guard let selector = dkim_sig_getselector(signature), let domain = dkim_sig_getdomain(signature) else {
        return DKIM_CBSTAT_NOTFOUND
    }
    let name = DKIMSignature.keyName(selector: String(cString: selector), domain: String(cString: domain))
    // A message may carry any number of signatures: the keys of the first few are looked up.
    guard lookups.answers.count < KeyLookups.maximum || lookups.answers[name] != nil else { return DKIM_CBSTAT_NOTFOUND }
    let answer = lookups.keys.record(named: name)
    lookups.answers[name] = answer
    guard case .found(let record) = answer, !record.isEmpty else { return DKIM_CBSTAT_NOTFOUND }
    let bytes = Array(record.utf8.prefix(capacity - 1))
    bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
    buffer[bytes.count] = 0
    return DKIM_CBSTAT_CONTINUE
}
