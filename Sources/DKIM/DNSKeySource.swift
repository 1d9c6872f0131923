import Basics
import COpenDKIM

/// DKIM keys from DNS, through the resolver the system is set up with (`/etc/resolv.conf`).
///
/// Every look-up is bounded: each server is given ``timeout`` seconds for each of ``attempts``
/// tries, and once ``givingUpAfter`` look-ups in a row got no answer, DNS is taken to be away and
/// not asked again for ``retryAfter`` seconds, so a run without a network costs seconds, not a
/// wait for each signature. Answers are kept for ``keepAnswers`` seconds (a run, or a stretch of
/// a server's life): a mailbox with a thousand messages from one sender asks once, and `serve`,
/// which lives for months, asks again now and then. A look-up that got no answer is not kept: the
/// next message that needs the key asks again, once DNS is back. And all the waiting a source does
/// is bounded too: once its look-ups took ``budget`` seconds in all (a hostile sender's own slow
/// servers, named by many signatures), DNS is no longer asked for new keys.
public final class DNSKeySource: DKIMKeySource, Sendable {
    /// Seconds each server is given for each try.
    public let timeout: Int
    /// Tries at each server.
    public let attempts: Int
    /// How many look-ups in a row may go unanswered before DNS is no longer asked.
    let givingUpAfter: Int

    /// How long an answer (a key, or none) is kept, in seconds.
    public let keepAnswers: Int64
    /// How long DNS is left alone once it stopped answering, in seconds.
    public let retryAfter: Int64
    /// How many seconds of look-ups the source spends in all.
    public let budget: Int64

    private struct State {
        var answers: [String: (answer: DKIMKeyAnswer, time: Int64)] = [:]
        var unansweredInARow = 0
        var awaySince: Int64?
        var spent: Int64 = 0
    }
    private let state = Locked(State())
    /// How one name is looked up: DNS, or a stand-in in tests.
    private let lookUp: @Sendable (String) -> DKIMKeyAnswer
    /// The time, in seconds: the system's monotonic clock, or a stand-in in tests.
    private let clock: @Sendable () -> Int64

    /// A source asking DNS.
    public convenience init(
        timeout: Int = 3, attempts: Int = 2, givingUpAfter: Int = 3, keepAnswers: Int64 = 3600, retryAfter: Int64 = 60, budget: Int64 = 120
    ) {
        let (timeout, attempts) = (max(1, timeout), max(1, attempts))
        self.init(
            timeout: timeout, attempts: attempts, givingUpAfter: givingUpAfter, keepAnswers: keepAnswers, retryAfter: retryAfter, budget: budget
        ) { Self.lookUp($0, timeout: timeout, attempts: attempts) }
    }

    /// A source answering through `lookUp`, with this source's bounds and memory.
    init(
        timeout: Int = 3, attempts: Int = 2, givingUpAfter: Int = 3, keepAnswers: Int64 = 3600, retryAfter: Int64 = 60, budget: Int64 = 120,
        clock: @escaping @Sendable () -> Int64 = DNSKeySource.monotonicSeconds, lookUp: @escaping @Sendable (String) -> DKIMKeyAnswer
    ) {
        self.timeout = max(1, timeout)
        self.attempts = max(1, attempts)
        self.givingUpAfter = max(1, givingUpAfter)
        self.keepAnswers = keepAnswers
        self.retryAfter = retryAfter
        self.budget = budget
        self.clock = clock
        self.lookUp = lookUp
    }

    /// Seconds of the system's monotonic clock.
    static func monotonicSeconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec)
    }

    /// What was found with DNS is kept under `dns`: a key rotated since does not change it.
    public var memoIdentity: String? { "dns" }

    public func record(named name: String) -> DKIMKeyAnswer {
        let name = name.lowercased()
        let now = clock()
        let known: DKIMKeyAnswer? = state.withLock { state in
            if let kept = state.answers[name], now - kept.time < keepAnswers { return kept.answer }
            if state.spent >= budget {
                return .unavailable("DNS look-ups took \(budget) s in all, and no more are made; the next run asks again")
            }
            if let since = state.awaySince {
                if now - since < retryAfter {
                    return .unavailable("DNS did not answer \(givingUpAfter) look-ups in a row; it is asked again in a minute, or at the next run")
                }
                state.awaySince = nil
                state.unansweredInARow = 0
            }
            return nil
        }
        if let known { return known }
        let answer = lookUp(name)
        let took = clock() - now
        state.withLock { state in
            state.spent += took
            if case .unavailable = answer {
                state.unansweredInARow += 1
                if state.unansweredInARow >= givingUpAfter { state.awaySince = now }
            } else {
                state.answers[name] = (answer, now)
                state.unansweredInARow = 0
            }
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
