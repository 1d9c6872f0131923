import Foundation
import TestSupport
import Testing

/// `--trips`: connections between legs (tight, overnight, across two airports of a city, a
/// family's separate bookings of one flight) and one span per trip away from home (Lisbon and
/// Porto; New York, Chicago and San Francisco; a dinner at home and a night 30 km away, which
/// are no trip), in every view, through runs that rebook, add, drop and cancel bookings.
@Suite("Trips and connections")
struct TripsTests {
    static let tool = Repository.productsFolder.appendingPathComponent("reservation-feed")
    static let fixtures = Repository.url("Tests/CommandLineTests/Fixtures/trips").path
    static let now = "2030-01-01T00:00:00Z"

    static func generate(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessRunner.run(tool, ["generate"] + arguments + ["--now", now])
    }

    /// The events of a feed, as python icalendar reads them.
    static func events(_ path: String) throws -> [[String: String]] {
        try ICalendarReadBack.events(path)
    }

    static func event(_ events: [[String: String]], titled title: String) throws -> [String: String] {
        let found = events.filter { $0["SUMMARY"] == title }
        try #require(found.count == 1, "one event titled \(title) in \(events.compactMap { $0["SUMMARY"] })")
        return found[0]
    }

    @Test("each view's feed with --trips is its golden file, and passes the checker", arguments: ["full", "shared", "busy"])
    func golden(view: String) throws {
        let folder = try TemporaryFolder("trips-golden")
        let output = folder.path("trips.ics")
        let key = view == "full" ? [] : ["--view-key", TestEnvironment.viewKeyFile]
        let run = try Self.generate([Self.fixtures, "--output", output, "--trips", "--home", "Berlin", "--view", view] + key)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("warning"), "\(run.standardError)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        let name = view == "full" ? "trips" : "trips-\(view)"
        let mismatch = Golden.mismatch(text, golden: "Tests/CommandLineTests/Golden/\(name).ics")
        #expect(mismatch == nil, "\(mismatch ?? "")")
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("connections: named by place and length, free, tight under the minimum, a change of airport named; a family's two bookings of one flight make one")
    func connections() throws {
        let folder = try TemporaryFolder("trips-connections")
        let output = folder.path("trips.ics")
        let run = try Self.generate([Self.fixtures, "--output", output, "--trips", "--home", "Berlin"])
        #expect(run.status == 0, "\(run.standardError)")
        let events = try Self.events(output)
        let connections = events.filter { $0["CATEGORIES"] == "Connection" }
        #expect(connections.count == 5, "\(connections.compactMap { $0["SUMMARY"] })")
        for connection in connections { #expect(connection["TRANSP"] == "TRANSPARENT") }

        let munich = try Self.event(events, titled: "Connection 1 h 35 min · Munich (MUC)")
        #expect(munich["DTSTART"] == ";TZID=Europe/Berlin:20300314T081000" && munich["DTEND"] == ";TZID=Europe/Berlin:20300314T094500")
        #expect(
            munich["DESCRIPTION"]
                == "Arriving: Flight LH 1935 · BER → MUC, Thu, Mar 14, 2030 at 8:10\u{202F}AM (Europe/Berlin), Terminal 2\nLeaving: Flight LH 1792 · MUC → LIS, 9:45\u{202F}AM, Terminal 2",
            "\(munich)")

        let frankfurt = try Self.event(events, titled: "Tight connection 40 min · Frankfurt am Main (FRA)")
        #expect(frankfurt["DESCRIPTION"]?.hasSuffix("\nTight: less than the 1 h advised") == true, "\(frankfurt)")

        let newYork = try Self.event(events, titled: "Tight connection 1 h 50 min · New York (JFK → LGA)")
        #expect(newYork["LOCATION"] == "Laguardia Airport (LGA)")
        #expect(
            newYork["DESCRIPTION"]?.hasSuffix(
                "\nTight: less than the 3 h advised\nChange of airport: John F Kennedy International Airport (JFK) → Laguardia Airport (LGA)") == true,
            "\(newYork)")

        // Overnight at O'Hare: still a connection, under 24 hours.
        let chicago = try Self.event(events, titled: "Connection 16 h 50 min · Chicago (ORD)")
        #expect(chicago["DTEND"] == ";TZID=America/Chicago:20300503T090000")

        // A train into Porto and the next day's flight out: from a station to an airport.
        let porto = try Self.event(events, titled: "Connection 21 h 32 min · Porto (Porto Campanhã → OPO)")
        #expect(porto["DESCRIPTION"]?.hasSuffix("\nChange: Porto Campanhã → Francisco de Sá Carneiro Airport (OPO)") == true, "\(porto)")

        // Home again is no connection: the flight to Berlin and the next one out are two trips.
        #expect(!connections.contains { $0["SUMMARY"]?.contains("Berlin") == true })
    }

    @Test("trips: one free all-day span per trip away, from the first departure's date to the return's, titled where most nights are spent, listing its bookings; home is no trip")
    func trips() throws {
        let folder = try TemporaryFolder("trips-spans")
        let output = folder.path("trips.ics")
        let run = try Self.generate([Self.fixtures, "--output", output, "--trips", "--home", "BER"])
        #expect(run.status == 0, "\(run.standardError)")
        let events = try Self.events(output)
        let trips = events.filter { $0["CATEGORIES"] == "Trip" }
        #expect(trips.compactMap { $0["SUMMARY"] } == ["Trip to Lisbon", "Trip to San Francisco"])

        let lisbon = try Self.event(events, titled: "Trip to Lisbon")
        #expect(lisbon["DTSTART"] == ";VALUE=DATE:20300314" && lisbon["DTEND"] == ";VALUE=DATE:20300321", "\(lisbon)")
        #expect(lisbon["TRANSP"] == "TRANSPARENT")
        // In order, with local times; Ada's and Byron's bookings of one flight once.
        let lines = lisbon["DESCRIPTION"]?.split(separator: "\n").map(String.init) ?? []
        #expect(
            lines == [
                "Thu, Mar 14, 2030 at 7:00\u{202F}AM (Europe/Berlin): Flight LH 1935 · BER → MUC",
                "Thu, Mar 14, 2030 at 9:45\u{202F}AM (Europe/Berlin): Flight LH 1792 · MUC → LIS",
                "Thu, Mar 14, 2030 at 3:00\u{202F}PM (Europe/Lisbon): Hotel · Hotel Avenida Palace",
                "Sat, Mar 16, 2030 at 8:00\u{202F}PM (Europe/Lisbon): Restaurant · Cervejaria Ramiro (2 people)",
                "Tue, Mar 19, 2030 at 12:39\u{202F}PM (Europe/Lisbon): Train Alfa Pendular 123 · Lisboa Santa Apolónia → Porto Campanhã",
                "Tue, Mar 19, 2030 at 4:00\u{202F}PM (Europe/Lisbon): Hotel · Pestana Vintage Porto",
                "Wed, Mar 20, 2030 at 1:00\u{202F}PM (Europe/Lisbon): Flight TP 576 · OPO → FRA",
                "Wed, Mar 20, 2030 at 5:25\u{202F}PM (Europe/Berlin): Flight LH 200 · FRA → BER",
            ], "\(lines)")

        // Three nights in San Francisco with no hotel outweigh one at O'Hare.
        let america = try Self.event(events, titled: "Trip to San Francisco")
        #expect(america["DTSTART"] == ";VALUE=DATE:20300502" && america["DTEND"] == ";VALUE=DATE:20300508", "\(america)")

        // The dinner in Berlin and the night in Potsdam are at home.
        for trip in trips { #expect(trip["DESCRIPTION"]?.contains("Lokal") == false && trip["DESCRIPTION"]?.contains("Luisenplatz") == false) }
    }

    @Test("without --home, the earliest journey's departure is home, and a warning says so; a home nobody knows, or --home without --trips, stops the run (exit 2)")
    func home() throws {
        let assumed = try Self.generate([Self.fixtures, "--output", "-", "--trips"])
        #expect(assumed.status == 0, "\(assumed.standardError)")
        #expect(
            assumed.standardError.contains(
                "warning: no home was given; took Berlin (BER), where the earliest journey (Flight LH 1935 · BER → MUC) departs, as home"),
            "\(assumed.standardError)")
        #expect(assumed.standardOutput.contains("SUMMARY:Trip to Lisbon\r\n"))

        let unknown = try Self.generate([Self.fixtures, "--output", "-", "--trips", "--home", "Lisbonn"])
        #expect(unknown.status == 2 && unknown.standardError.contains("--home \"Lisbonn\" is neither an airport code nor a city the gazetteer knows"), "\(unknown.standardError)")
        let alone = try Self.generate([Self.fixtures, "--output", "-", "--home", "Berlin"])
        #expect(alone.status == 2 && alone.standardError.contains("--home says where trips start and end: give --trips too."), "\(alone.standardError)")
    }

    @Test("off by default: the same inputs without --trips give no trip, no connection and no RELATED-TO")
    func offByDefault() throws {
        let run = try Self.generate([Self.fixtures, "--output", "-"])
        #expect(run.status == 0)
        #expect(!run.standardOutput.contains("RELATED-TO") && !run.standardOutput.contains("Connection") && !run.standardOutput.contains("Trip to"))
    }

    @Test("the shared view keeps trips and connections without booking numbers or names; the busy view says Busy, with no notes; each view's UIDs are its own")
    func views() throws {
        let folder = try TemporaryFolder("trips-views")
        var uids: [String: Set<String>] = [:]
        for view in ["full", "shared", "busy"] {
            let output = folder.path("\(view).ics")
            let run = try Self.generate([Self.fixtures, "--output", output, "--trips", "--home", "Berlin", "--view", view])
            #expect(run.status == 0, "\(run.standardError)")
            let events = try Self.events(output)
            #expect(events.count == 23)
            uids[view] = Set(events.compactMap { $0["UID"] })
            let text = try String(contentsOfFile: output, encoding: .utf8)
            switch view {
            case "shared":
                #expect(text.contains("SUMMARY:Trip to Lisbon\r\n") && text.contains("SUMMARY:Connection 1 h 35 min · Munich (MUC)\r\n"))
                #expect(!text.contains("QX7LIS") && !text.contains("Lovelace"))
            case "busy":
                #expect(events.allSatisfy { $0["DESCRIPTION"] == nil && $0["LOCATION"] == nil && $0["SUMMARY"] == "Busy" })
                #expect(events.filter { $0["DTSTART"] == ";VALUE=DATE:20300314" && $0["SUMMARY"] == "Busy" && $0["TRANSP"] == "TRANSPARENT" }.count == 1)
            default:
                break
            }
        }
        #expect(uids["full"]?.isDisjoint(with: uids["shared"] ?? []) == true && uids["shared"]?.isDisjoint(with: uids["busy"] ?? []) == true)
    }

    @Test("a trip keeps its UID as bookings are rebooked, added and dropped (SEQUENCE goes up), a run that changes nothing changes no byte, and a trip whose bookings are all cancelled is cancelled")
    func lifeCycle() throws {
        let folder = try TemporaryFolder("trips-life")
        let input = folder.path("lisbon.json")
        let original = try String(contentsOfFile: Self.fixtures + "/1-lisbon.json", encoding: .utf8)
        _ = try folder.write("lisbon.json", original)
        let output = folder.path("trips.ics")
        let arguments = [input, "--output", output, "--trips", "--home", "Berlin"]
        let first = try Self.generate(arguments)
        #expect(first.status == 0, "\(first.standardError)")
        let before = try Self.events(output)
        let trip = try Self.event(before, titled: "Trip to Lisbon")
        let frankfurt = try Self.event(before, titled: "Tight connection 40 min · Frankfurt am Main (FRA)")
        let munich = try Self.event(before, titled: "Connection 1 h 35 min · Munich (MUC)")

        // LH 200 rebooked an hour later, a dinner in Porto added, the two bookings of the first
        // flight (the trip's first booking among them) dropped.
        var changed = original.replacingOccurrences(
            of: #""time": "2030-03-20T17:25:00+01:00[Europe/Berlin]""#, with: #""time": "2030-03-20T18:25:00+01:00[Europe/Berlin]""#)
        changed = changed.replacingOccurrences(
            of: #""time": "2030-03-20T18:35:00+01:00[Europe/Berlin]""#, with: #""time": "2030-03-20T19:35:00+01:00[Europe/Berlin]""#)
        var document = try #require(JSONSerialization.jsonObject(with: Data(changed.utf8)) as? [String: Any])
        var reservations = try #require(document["reservations"] as? [[String: Any]])
        reservations.removeAll { ["QX7LIS-1", "BY4LIS-1"].contains($0["itemReference"] as? String) }
        reservations.append([
            "type": "restaurant", "reservationNumber": "TB-6001", "startTime": "2030-03-19T20:00:00+00:00[Europe/Lisbon]",
            "place": ["name": "Cantinho do Avillez", "address": ["city": "Porto", "countryCode": "PT"]],
        ])
        document["reservations"] = reservations
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: input))
        let second = try Self.generate(arguments)
        #expect(second.status == 0, "\(second.standardError)")
        let after = try Self.events(output)
        let tripAfter = try Self.event(after, titled: "Trip to Lisbon")
        #expect(tripAfter["UID"] == trip["UID"] && tripAfter["SEQUENCE"] == "1", "\(tripAfter)")
        #expect(tripAfter["DESCRIPTION"]?.contains("Restaurant · Cantinho do Avillez") == true)
        #expect(tripAfter["DESCRIPTION"]?.contains("LH 1935") == false)
        // The rebooked flight says when it was to leave; so do the connection and the trip, whose ends moved.
        let flight = try Self.event(after, titled: "Flight LH 200 · FRA → BER")
        #expect(
            flight["DESCRIPTION"]?.hasPrefix(
                "Departure: Wed, Mar 20, 2030 at 6:25\u{202F}PM (Europe/Berlin), was 5:25\u{202F}PM (changed Tue, Jan 1, 2030)\nArrival: Wed, Mar 20, 2030 at 7:35\u{202F}PM (Europe/Berlin), was 6:35\u{202F}PM (changed Tue, Jan 1, 2030)\n\n"
            ) == true, "\(flight)")
        let frankfurtAfter = try Self.event(after, titled: "Connection 1 h 40 min · Frankfurt am Main (FRA)")
        #expect(frankfurtAfter["DESCRIPTION"]?.hasPrefix("Ends: Wed, Mar 20, 2030 at 6:25\u{202F}PM (Europe/Berlin), was 5:25\u{202F}PM") == true, "\(frankfurtAfter)")
        #expect(frankfurtAfter["UID"] == frankfurt["UID"] && frankfurtAfter["SEQUENCE"] == "1", "\(frankfurtAfter)")
        // The connection whose arriving flight is gone is cancelled, not deleted.
        let munichAfter = try #require(after.first { $0["UID"] == munich["UID"] })
        #expect(munichAfter["STATUS"] == "CANCELLED" && munichAfter["SUMMARY"] == "Cancelled: Connection 1 h 35 min · Munich (MUC)", "\(munichAfter)")

        // Nothing changed: not a byte.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        let third = try Self.generate(arguments)
        #expect(third.status == 0 && third.standardError.contains("0 added, 0 updated, 0 cancelled"), "\(third.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == bytes)

        // Every booking cancelled: the trip is cancelled, with its UID.
        reservations = reservations.map { reservation in
            var cancelled = reservation
            cancelled["status"] = "cancelled"
            return cancelled
        }
        document["reservations"] = reservations
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: input))
        let fourth = try Self.generate(arguments)
        #expect(fourth.status == 0, "\(fourth.standardError)")
        let cancelled = try Self.events(output)
        let tripCancelled = try #require(cancelled.first { $0["UID"] == trip["UID"] })
        #expect(tripCancelled["STATUS"] == "CANCELLED" && tripCancelled["SUMMARY"] == "Cancelled: Trip to Lisbon", "\(tripCancelled)")
        #expect(cancelled.filter { $0["CATEGORIES"] == "Connection" }.allSatisfy { $0["STATUS"] == "CANCELLED" })
        let verdict = try ICSValidator.validate([output])
        #expect(verdict.passed, "\(verdict.report)")
    }

    @Test("trips and connections follow their bookings: cancelled with them whatever --missing says, kept or dropped with them when they leave the input", arguments: ["keep", "drop"])
    func followBookings(missing: String) throws {
        let folder = try TemporaryFolder("trips-missing")
        let input = folder.path("lisbon.json")
        let original = try String(contentsOfFile: Self.fixtures + "/1-lisbon.json", encoding: .utf8)
        _ = try folder.write("lisbon.json", original)
        let output = folder.path("trips.ics")
        let arguments = [input, "--output", output, "--trips", "--home", "Berlin", "--missing", missing]
        #expect(try Self.generate(arguments).status == 0)
        let trip = try Self.event(try Self.events(output), titled: "Trip to Lisbon")
        _ = try folder.write("lisbon.json", original.replacingOccurrences(of: #""status": "confirmed""#, with: #""status": "cancelled""#))
        let run = try Self.generate(arguments)
        #expect(run.status == 0, "\(run.standardError)")
        let after = try Self.events(output)
        #expect(after.first { $0["UID"] == trip["UID"] }?["STATUS"] == "CANCELLED", "\(after.compactMap { $0["SUMMARY"] })")
        let derived = after.filter { $0["CATEGORIES"] == "Trip" || $0["CATEGORIES"] == "Connection" }
        #expect(derived.count == 4 && derived.allSatisfy { $0["STATUS"] == "CANCELLED" }, "\(derived)")

        // Bookings that leave the input: the trips and connections go as the bookings go, kept
        // with them (keep) or removed with them (drop).
        _ = try folder.write("lisbon.json", original)
        #expect(try Self.generate(arguments).status == 0)
        _ = try folder.write("lisbon.json", #"{"reservations": []}"#)
        let gone = try Self.generate(arguments + ["--allow-shrink"])
        #expect(gone.status == 0, "\(gone.standardError)")
        let left = try Self.events(output)
        let flights = left.filter { $0["CATEGORIES"] == "Flight" && $0["STATUS"] != "CANCELLED" }
        let trips = left.filter { ($0["CATEGORIES"] == "Trip" || $0["CATEGORIES"] == "Connection") && $0["STATUS"] != "CANCELLED" }
        if missing == "keep" {
            #expect(flights.count == 6 && trips.count == 4, "\(left.compactMap { $0["SUMMARY"] })")
        } else {
            #expect(flights.isEmpty && trips.isEmpty, "\(left.compactMap { $0["SUMMARY"] })")
        }
    }
}

