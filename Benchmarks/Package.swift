// swift-tools-version:6.0
//
// The benchmark suite of ReservationFeed, in its own package so that the main build stays lean.
//
//   swift run -c release --package-path Benchmarks reservation-feed-bench
//
// builds reservation-feed in release mode in the main package, generates the inputs, and times
// it beside its peers in one run: the python `icalendar` script a user would write, KDE's
// extractor, libical serialising the same events (libical-floor), a trivial program, and one
// with the tool's dependencies that does nothing (stack-floor).
// docs/performance.md has the figures and what they mean.

import PackageDescription

let package = Package(
    name: "reservation-feed-benchmarks",
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The harness: runs every command several times, interleaved, and reports time, CPU and
        // peak memory with the ratios the performance targets are stated in.
        .executableTarget(
            name: "reservation-feed-bench",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The floor for a libical-based writer: libical copying and serialising prebuilt events.
        .executableTarget(name: "libical-floor", linkerSettings: [.linkedLibrary("ical")]),
        // The start-up of a Swift program that does nothing, built the same way.
        .executableTarget(name: "trivial"),
        // The start-up of a program with reservation-feed's dependencies that does nothing. The
        // libraries are linked whether used or not (the tool uses them), hence --no-as-needed.
        .executableTarget(
            name: "stack-floor",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: [
                .linkedLibrary("ical"), .linkedLibrary("xml2"), .linkedLibrary("gmime-3.0"), .linkedLibrary("mimalloc"),
                // Mail is verified before it is believed: DKIM and the Public Suffix List are part of
                // the prescribed stack since issue 33 (about 1 ms of loading, libcrypto's most of it).
                .linkedLibrary("opendkim"), .linkedLibrary("psl"),
                .unsafeFlags(["-Xlinker", "--no-as-needed"]),
            ]
        ),
    ]
)
