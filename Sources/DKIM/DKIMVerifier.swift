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
/// A message may carry any number of signatures, and each costs a key look-up: the keys of at
/// most ``maximumPreferredKeyLookups`` signatures of the domains that matter most (the caller says
/// which: those aligned with the sender) and ``maximumKeyLookups`` of the others are looked up for
/// one message. The preferred ones are tried first, from the bottom of the header up, and once
/// one of them verifies, covering the whole body, no other key is looked up.
///
/// ```swift
/// let verifier = DKIMVerifier(keys: DNSKeySource())
/// for signature in verifier.verify(bytes, preferring: { $0.hasSuffix("united.com") }) {
///     print(signature.domain, signature.outcome)   // united.com verified
/// }
/// ```
public struct DKIMVerifier: Sendable {
    /// The most keys looked up for one message's signatures of domains other than the preferred
    /// ones (distinct key names; a name two signatures share is looked up once). A signature whose
    /// key is not looked up because of it says so (``DKIMOutcome/tooManySignatures``). It bounds
    /// what one message can make DNS do: a hostile sender's message naming hundreds of keys at slow
    /// servers costs as much as eight look-ups.
    static let maximumKeyLookups = 8
    /// The most keys looked up for one message's signatures of the preferred domains (the
    /// sender's own): more than for the others, so that a genuine signature under a pile of forged
    /// ones of the same domain is still reached, and still bounded.
    static let maximumPreferredKeyLookups = 16

    /// Where keys are looked up.
    public var keys: any DKIMKeySource

    /// A verifier looking keys up in `keys`.
    public init(keys: any DKIMKeySource) {
        self.keys = keys
    }

    /// Verifies every DKIM signature of a message, up to ``maximumPreferredKeyLookups`` keys of the
    /// preferred domains and ``maximumKeyLookups`` of the others.
    ///
    /// Signatures are tried in the order they appear, but those whose signing domain `isPreferred`
    /// says matters most come first: so a message whose sender's signature follows a dozen others
    /// (mailing lists', forwarders', broken ones) still has it tried. Once a preferred signature
    /// verifies and covers the whole body, the keys of the signatures not tried yet are not looked
    /// up (``DKIMOutcome/notNeeded``).
    ///
    /// - Parameters:
    ///   - message: The message as it was received (RFC 5322; CRLF or LF line ends).
    ///   - header: The message's header, when the caller has split it already.
    ///   - time: The time to judge the signatures' times against (`x=`, when the signature
    ///     expires; `t=`, when it was signed, which may not be in the future), allowing five minutes
    ///     either way for the signer's clock: when the message arrived, for one read long after;
    ///     now when `nil`.
    ///   - isPreferred: Whether a signing domain (`d=`, lower case, A-labels) is one whose
    ///     signatures are to be tried first: most often, one aligned with the `From` address.
    ///     None is, when not given.
    /// - Returns: The signatures, in the order they appear; empty for a message without one.
    public func verify(
        _ message: [UInt8], header: RawHeader? = nil, at time: Instant? = nil, preferring isPreferred: (_ domain: String) -> Bool = { _ in false }
    ) -> [DKIMSignature] {
        let header = header ?? RawHeader(message)
        let fields = header.fields.filter { $0.isNamed("DKIM-Signature") }
        guard !fields.isEmpty else { return [] }
        let now = Instant.now.secondsSinceEpoch
        let time = time?.secondsSinceEpoch ?? now
        // What the signatures say of their domains and times, read before libopendkim reads them.
        let tags = fields.map { DKIMTagList($0.value) }
        let preferred = Set(tags.compactMap { $0["d"]?.lowercased() }.filter { isPreferred($0) })
        let times = tags.map { SignatureTimes(t: $0["t"], x: $0["x"]) }

        guard let library = dkim_init(nil, nil) else { return [] }
        defer { dkim_close(library) }
        // Signatures that cannot even be parsed are listed too, so that they can be reported; keys
        // are looked up once the body is hashed, in the order the prescreen callback sets.
        _ = rf_dkim_set_flags(library, UInt32(DKIM_LIBFLAGS_BADSIGHANDLES | DKIM_LIBFLAGS_DELAYSIGPROC))
        _ = rf_dkim_set_minimum_key_bits(library, 1024)
        _ = rf_dkim_set_clock_drift(library, UInt64(SignatureTimes.drift(for: times, at: time, now: now)))
        _ = dkim_set_key_lookup(library, lookUpKey)
        _ = dkim_set_prescreen(library, prescreen)
        var status: DKIM_STAT = 0
        guard let handle = dkim_verify(library, "reservation-feed", nil, &status) else { return [] }
        defer { dkim_free(handle) }
        let body = Self.withCRLF(message[header.bodyStart...])
        let verification = Verification(keys: keys, preferredDomains: preferred, time: time, body: body)
        let context = Unmanaged.passRetained(verification)
        defer { context.release() }
        _ = dkim_set_user_context(handle, context.toOpaque())

        for field in header.fields {
            var text = Self.withCRLF(field.text[...])
            _ = dkim_header(handle, &text, text.count)
        }
        _ = dkim_eoh(handle)
        var bytes = body
        if !bytes.isEmpty { _ = dkim_body(handle, &bytes, bytes.count) }
        _ = dkim_eom(handle, nil)

        var list: UnsafeMutablePointer<OpaquePointer?>?
        var count: Int32 = 0
        guard dkim_getsiglist(handle, &list, &count) == DKIM_STAT_OK, let list else { return [] }
        // The order they appear in, which the prescreen callback kept before it changed libopendkim's.
        let signatures = verification.order.isEmpty ? (0..<Int(count)).compactMap { list[$0] } : verification.order
        return signatures.map { signature($0, of: handle, verification: verification) }
    }

    /// What libopendkim found of one signature.
    private func signature(_ signature: OpaquePointer, of handle: OpaquePointer, verification: Verification) -> DKIMSignature {
        let selector = dkim_sig_getselector(signature).map { String(cString: $0) } ?? ""
        let algorithm = Verification.tag("a", of: signature)?.lowercased() ?? "unknown"
        let signedFields = Verification.tag("h", of: signature).map { value in
            value.split(separator: ":").map { $0.lowercased() }.filter { !$0.isEmpty }
        }
        let (outcome, coversWholeBody) = verification.judge(signature, of: handle)
        return DKIMSignature(
            domain: Verification.domain(of: signature), selector: selector, algorithm: algorithm, outcome: outcome,
            coversWholeBody: coversWholeBody, signedFields: signedFields ?? [],
            timestamp: Verification.times(of: signature).signed.map(Instant.init(secondsSinceEpoch:)))
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

/// libopendkim's prescreen, once it has listed the signatures and before any key is looked up:
/// the order they appear in is kept, those out of date at the verification's time are set aside
/// (their times say all there is to say, and cost no look-up), and the preferred domains' are
/// moved to the front, each group in the order it appears.
private let prescreen: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32) -> DKIM_CBSTAT = {
    handle, list, count in
    guard let handle, let list, count > 0, let context = dkim_get_user_context(handle) else { return DKIM_CBSTAT_CONTINUE }
    let verification = Unmanaged<Verification>.fromOpaque(context).takeUnretainedValue()
    let signatures = (0..<Int(count)).compactMap { list[$0] }
    guard signatures.count == Int(count) else { return DKIM_CBSTAT_CONTINUE }
    for signature in signatures where Verification.times(of: signature).judgement(at: verification.time) != nil {
        dkim_sig_ignore(signature)
    }
    verification.list(signatures)
    for (index, signature) in verification.tried.enumerated() { list[index] = signature }
    return DKIM_CBSTAT_CONTINUE
}

/// libopendkim's key look-up: the record for the signature's selector and domain, from the
/// verification's source, unless the message's look-ups are spent or a preferred signature
/// verified already.
private let lookUpKey: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int) -> DKIM_CBSTAT = {
    handle, signature, buffer, capacity in
    guard let handle, let signature, let buffer, capacity > 1, let context = dkim_get_user_context(handle) else {
        return DKIM_CBSTAT_ERROR
    }
    let verification = Unmanaged<Verification>.fromOpaque(context).takeUnretainedValue()
    guard let selector = dkim_sig_getselector(signature), let domain = dkim_sig_getdomain(signature) else {
        return DKIM_CBSTAT_NOTFOUND
    }
    let name = DKIMSignature.keyName(selector: String(cString: selector), domain: String(cString: domain))
    let answer: DKIMKeyAnswer
    if let known = verification.answers[name] {
        answer = known
    } else if verification.isSettled(before: signature, of: handle) {
        verification.skipped[signature] = .notNeeded
        return DKIM_CBSTAT_NOTFOUND
    } else if verification.isPreferred(signature)
        ? verification.lookups.preferred >= DKIMVerifier.maximumPreferredKeyLookups
        : verification.lookups.others >= DKIMVerifier.maximumKeyLookups
    {
        verification.skipped[signature] = .tooManySignatures
        return DKIM_CBSTAT_NOTFOUND
    } else {
        if verification.isPreferred(signature) { verification.lookups.preferred += 1 } else { verification.lookups.others += 1 }
        answer = verification.keys.record(named: name)
        verification.answers[name] = answer
    }
    guard case .found(let record) = answer, !record.isEmpty else { return DKIM_CBSTAT_NOTFOUND }
    let bytes = Array(record.utf8.prefix(capacity - 1))
    bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
    buffer[bytes.count] = 0
    return DKIM_CBSTAT_CONTINUE
}
