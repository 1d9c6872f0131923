// The C library under one name, on every platform the package builds on: `import Basics` gives
// `memchr`, `open`, `flock`, `pthread_mutex_t` and the rest, whichever libc provides them.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#else
    #error("ReservationFeed needs a C library: Glibc, Musl or Darwin")
#endif
