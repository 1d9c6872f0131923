/// A DKIM signature's times, and whether it is in date at a given moment (RFC 6376, section
/// 3.5): `t=`, when the signer says it signed, and `x=`, when the signature expires, each in
/// seconds since 1970 (`1*12DIGIT`), with `x=` after `t=` when both are given.
///
/// libopendkim judges these against the system's clock, whatever time it is given, so the
/// verifier judges them itself against the time its caller chose, allowing ``skew`` either way
/// for the signer's clock.
struct SignatureTimes: Sendable, Hashable {
    /// The seconds a signer's clock may be off: libopendkim's allowance (`DKIM_OPTS_CLOCKDRIFT`).
    static let skew: Int64 = 300

    /// When the signer says it signed (`t=`).
    var signed: Int64?
    /// When the signature expires (`x=`).
    var expires: Int64?
    /// Whether a value is not a number of seconds, or `x=` is not after `t=`.
    var isMalformed = false

    /// The times of the tags' values (`nil` for a tag not given).
    init(t: String?, x: String?) {
        (signed, expires) = (Self.seconds(t), Self.seconds(x))
        isMalformed = (t != nil && signed == nil) || (x != nil && expires == nil)
        if let signed, let expires, expires <= signed { isMalformed = true }
    }

    /// What the times say of the signature at `time` (seconds since 1970): `nil` when it is in
    /// date; ``DKIMOutcome/expired``, ``DKIMOutcome/datedInFuture`` or ``DKIMOutcome/malformed``
    /// otherwise.
    func judgement(at time: Int64) -> DKIMOutcome? {
        if isMalformed { return .malformed }
        if let expires, time >= expires + Self.skew { return .expired }
        if let signed, time < signed - Self.skew { return .datedInFuture }
        return nil
    }

    /// The clock drift libopendkim is to allow so that its own check, against the system's clock
    /// (`now`), refuses none of the signatures whose times are in date at the caller's time:
    /// enough for a `t=` ahead of `now` and for an `x=` behind it, with ``skew`` to spare.
    static func drift(for signatures: [SignatureTimes], at time: Int64, now: Int64) -> Int64 {
        var drift = skew
        for times in signatures where times.judgement(at: time) == nil {
            if let signed = times.signed { drift = max(drift, signed - now + skew) }
            if let expires = times.expires { drift = max(drift, now - expires + skew) }
        }
        return drift
    }

    /// Seconds of a time tag's value: 1 to 12 digits.
    private static func seconds(_ value: String?) -> Int64? {
        guard let value, !value.isEmpty, value.utf8.count <= 12,
            value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(value)
    }
}
