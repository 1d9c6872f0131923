// swift-tools-version:6.0
//
// Coverage-guided fuzzing of ReservationFeed's readers with libFuzzer, in its own package so
// that the main build stays lean. Build (every Swift target instrumented, with AddressSanitizer):
//
//   swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
//
// then run one target on its corpus, e.g.
//
//   Fuzz/run jsonld -runs=1000000
//
// docs/reliability.md describes the targets, their corpora and what a run checks.

import PackageDescription

let package = Package(
    name: "reservation-feed-fuzz",
    dependencies: [.package(name: "reservation-feed", path: "..")],
    targets: [
        // libFuzzer's driver, for programs with their own main.
        .target(name: "FuzzDriver"),
        // What every target does with an input once read: synthesise its events and write them.
        .target(
            name: "FuzzSupport",
            dependencies: ["FuzzDriver", .product(name: "ReservationFeed", package: "reservation-feed")]
        ),
        // JSON: schema.org JSON-LD and the native format, then synthesis and iCalendar.
        .executableTarget(name: "fuzz-jsonld", dependencies: ["FuzzSupport"]),
        // Web pages: JSON-LD blocks and Microdata through libxml2's HTML parser.
        .executableTarget(name: "fuzz-html", dependencies: ["FuzzSupport"]),
        // E-mails: MIME through GMime, then their HTML and JSON-LD parts.
        .executableTarget(name: "fuzz-mail", dependencies: ["FuzzSupport"]),
        // The previous feed: the event index, libical's parser, and the tombstones made from it.
        .executableTarget(name: "fuzz-previous-feed", dependencies: ["FuzzSupport"]),
        // mbox exports: split in memory and streamed, which must agree; then each message.
        .executableTarget(name: "fuzz-mbox", dependencies: ["FuzzSupport"]),
        // Calendar files people are sent: invitations through libical, then the feed.
        .executableTarget(name: "fuzz-invitation", dependencies: ["FuzzSupport"]),
        // A CalDAV listing as it arrives in pieces: the push parser, members, limits, texts.
        .executableTarget(
            name: "fuzz-multistatus", dependencies: ["FuzzSupport", .product(name: "CalDAV", package: "reservation-feed")]),
        // What an IMAP server sends a folder's sync: libetpan's parser, the guard, the cache.
        .executableTarget(name: "fuzz-imap", dependencies: ["FuzzSupport", .product(name: "IMAP", package: "reservation-feed")]),
        // A genuine signed booking e-mail (Fixtures/sender) changed only where a forger can change
        // it: its sender's verdict, then the feed it made, which must stay exactly as it was.
        .executableTarget(name: "fuzz-sender", dependencies: ["FuzzSupport"]),
    ]
)
