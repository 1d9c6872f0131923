/// A process that holds a secret (an access or refresh token) writes no core file: should it
/// crash, its memory, tokens and all, must not land on disk for whoever reads core files. The
/// limit is set once, the first time a secret is held, and stays for the rest of the run.
package enum CoreDumps {
    /// Forbids core files from now on (idempotent, thread-safe).
    package static func forbid() {
        _ = forbidden
    }

    private static let forbidden: Void = {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if os(Linux)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
            _ = setrlimit(RLIMIT_CORE, &none)
        #endif
    }()
}
