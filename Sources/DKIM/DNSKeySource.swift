import Basics
import COpenDKIM

/// DKIM keys from DNS, through the resolver the system is set up with (`/etc/resolv.conf`).
///
/// Every look-up is bounded: each server is given ``timeout`` seconds for each of ``attempts``
/// tries, and once ``givingUpAfter`` look-ups in a row got no answer, DNS is taken to be away and
/// not asked again by this source, so a run without a network costs seconds, not a wait for
/// each signature. Answers are kept for as long as the source lives (one run): a mailbox with a
/// thousand messages from one sender asks once.
public final class DNSKeySource: DKIMKeySource, Sendable {
    /// Seconds each server is given for each try.
    public let timeout: Int
    /// Tries at each server.
    public let attempts: Int
    /// How many look-ups in a row may go unanswered before DNS is no longer asked.
    public let givingUpAfter: Int

    private struct State {
        var answers: [String: DKIMKeyAnswer] = [:]
        var unansweredInARow = 0
    }
    private let state = Locked(State())
    /// How one name is looked up: DNS, or a stand-in in tests.
    private let lookUp: @Sendable (String) -> DKIMKeyAnswer

    /// A source asking DNS.
    public convenience init(timeout: Int = 3, attempts: Int = 2, givingUpAfter: Int = 3) {
        let (timeout, attempts) = (max(1, timeout), max(1, attempts))
        self.init(timeout: timeout, attempts: attempts, givingUpAfter: givingUpAfter) { Self.lookUp($0, timeout: timeout, attempts: attempts) }
    }

    /// A source answering through `lookUp`, with this source's bounds and memory.
    init(timeout: Int = 3, attempts: Int = 2, givingUpAfter: Int = 3, lookUp: @escaping @Sendable (String) -> DKIMKeyAnswer) {
        self.timeout = max(1, timeout)
        self.attempts = max(1, attempts)
        self.givingUpAfter = max(1, givingUpAfter)
        self.lookUp = lookUp
    }

    /// What was found with DNS is kept under `dns`: a key rotated since does not change it.
    public var memoIdentity: String? { "dns" }

    public func record(named name: String) -> DKIMKeyAnswer {
        let name = name.lowercased()
        let known: DKIMKeyAnswer? = state.withLock { state in
            if let answer = state.answers[name] { return answer }
            if state.unansweredInARow >= givingUpAfter {
                return .unavailable("DNS did not answer \(givingUpAfter) look-ups in a row, and is not asked again in this run")
            }
            return nil
        }
        if let known { return known }
        let answer = lookUp(name)
        state.withLock { state in
            state.answers[name] = answer
            if case .unavailable = answer { state.unansweredInARow += 1 } else { state.unansweredInARow = 0 }
        }
        return answer
    }

    /// One look-up of a TXT record.
    static func lookUp(_ name: String, timeout: Int, attempts: Int) -> DKIMKeyAnswer {
        var record = [CChar](repeating: 0, count: 4096)
        let count = rf_txt_lookup(name, Int32(timeout), Int32(attempts), &record, record.count)
        switch count {
        case ..<0: return .unavailable("no DNS server answered for \(name)")
        case 0: return .notFound
        default: return .found(String(decoding: record.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }
}
