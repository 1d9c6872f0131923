import Chrono
import Testing

@testable import ZoneNames

@Suite("The zones Outlook's and Exchange's names stand for")
struct ZoneNameResolverTests {
    static func instant(_ text: String) -> Instant { try! Instant(iso8601: text) }

    /// A year of a zone's clocks, as a file whose VTIMEZONE keeps them would declare them.
    static func declared(_ name: String, keeping zone: String, year: Int = 2027) -> DeclaredZone {
        DeclaredZone(name: name, from: instant("\(year)-01-01T00:00:00Z"), to: instant("\(year + 1)-01-01T00:00:00Z")) {
            TimeZoneRules.offset(in: zone, at: $0)
        }!
    }

    /// A four-day event across Europe's change to summer time in 2027.
    static let start = instant("2027-03-25T23:00:00Z")
    static let end = instant("2027-03-29T22:00:00Z")

    @Test("every Windows name, with a VTIMEZONE that keeps its zone's clocks, is its zone, over events in each season")
    func everyWindowsName() throws {
        for row in windowsZoneRows {
            let declared = Self.declared(row.windowsName, keeping: row.zone)
            for month in [1, 4, 7, 10] {
                let start = Self.instant("2027-\(month < 10 ? "0" : "")\(month)-10T00:00:00Z")
                let end = Instant(secondsSinceEpoch: start.secondsSinceEpoch + 20 * 86_400)
                let found = try #require(ZoneNameResolver.resolve(row.windowsName, declared: declared, from: start, to: end))
                #expect(found == ZoneNameResolution(zone: row.zone, basis: .windowsName), "\(row.windowsName)")
            }
        }
    }

    @Test("without a VTIMEZONE, a Windows name is its general zone")
    func withoutDefinition() {
        #expect(ZoneNameResolver.resolve("Tokyo Standard Time", declared: nil, from: Self.start, to: Self.end) == ZoneNameResolution(zone: "Asia/Tokyo", basis: .windowsName))
    }

    @Test("a Windows name whose general zone keeps other clocks than the file: the zone of one of its countries that keeps them")
    func countryZone() throws {
        // Kazakhstan moved to UTC+05:00 in 2024; Windows' Central Asia Standard Time kept UTC+06:00.
        let declared = Self.declared("Central Asia Standard Time", keeping: "Asia/Almaty")
        let found = try #require(ZoneNameResolver.resolve("Central Asia Standard Time", declared: declared, from: Self.start, to: Self.end))
        #expect(found.zone == "Asia/Almaty" || found.zone == "Asia/Qostanay")
        #expect(found.basis == .windowsNameInCountry && found.disagreement == nil)
    }

    @Test("a Windows name whose VTIMEZONE no zone of it keeps: its general zone, and where they first differ")
    func disagreement() throws {
        let declared = Self.declared("W. Europe Standard Time", keeping: "Europe/London")
        let found = try #require(ZoneNameResolver.resolve("W. Europe Standard Time", declared: declared, from: Self.start, to: Self.end))
        #expect(found.zone == "Europe/Berlin" && found.basis == .windowsName)
        let disagreement = try #require(found.disagreement)
        #expect(disagreement.instant == Self.start && disagreement.declared == .zero && disagreement.zone == UTCOffset(hours: 1))
    }

    @Test("a display name is the zone of the first city it names that keeps the file's clocks")
    func displayNameCities() throws {
        let name = "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna"
        let found = try #require(ZoneNameResolver.resolve(name, declared: Self.declared(name, keeping: "Europe/Berlin"), from: Self.start, to: Self.end))
        #expect(found.zone == "Europe/Amsterdam")
        guard case .city(let city) = found.basis else { Issue.record("\(found.basis)"); return }
        #expect(city.hasPrefix("Amsterdam"))
        // Without a VTIMEZONE: the first city whose standard time is the name's offset.
        #expect(ZoneNameResolver.resolve(name, declared: nil, from: Self.start, to: Self.end)?.zone == "Europe/Amsterdam")
        let india = "(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi"
        #expect(ZoneNameResolver.resolve(india, declared: Self.declared(india, keeping: "Asia/Kolkata"), from: Self.start, to: Self.end)?.zone == "Asia/Kolkata")
        // A city whose clocks are not the file's is passed over: Brisbane keeps no summer time.
        let australia = "(UTC+10:00) Brisbane, Canberra, Melbourne, Sydney"
        let summer = (Self.instant("2027-01-10T00:00:00Z"), Self.instant("2027-01-12T00:00:00Z"))
        let sydney = try #require(ZoneNameResolver.resolve(australia, declared: Self.declared(australia, keeping: "Australia/Sydney"), from: summer.0, to: summer.1))
        #expect(sydney.zone != "Australia/Brisbane")
        #expect(sydney.disagreement == nil)
    }

    @Test("a display name that names no city is the Windows zone CLDR records it for")
    func displayNameOfZone() throws {
        let name = "(UTC-08:00) Pacific Time (US & Canada)"
        let found = try #require(ZoneNameResolver.resolve(name, declared: Self.declared(name, keeping: "America/Los_Angeles"), from: Self.start, to: Self.end))
        #expect(found == ZoneNameResolution(zone: "America/Los_Angeles", basis: .displayName(windowsName: "Pacific Standard Time")))
    }

    @Test("a name nothing places is, as a guess, the zone with the same clocks that most people keep")
    func guess() throws {
        let name = "GMT +0100 (Standard) / GMT +0200 (Daylight)"
        let found = try #require(ZoneNameResolver.resolve(name, declared: Self.declared(name, keeping: "Europe/Paris"), from: Self.start, to: Self.end))
        #expect(found.isGuess && found.disagreement == nil)
        #expect(Self.declared(name, keeping: "Europe/Paris").disagreement(with: found.zone, from: Self.instant("2027-01-01T00:00:00Z"), to: Self.instant("2028-01-01T00:00:00Z")) == nil)
        #expect(["Europe/Berlin", "Europe/Paris", "Europe/Rome", "Europe/Madrid"].contains(found.zone), "\(found.zone)")
        let eastern = try #require(ZoneNameResolver.resolve("Customized Time Zone", declared: Self.declared("Customized Time Zone", keeping: "America/New_York"), from: Self.start, to: Self.end))
        #expect(eastern.zone == "America/New_York" && eastern.isGuess)
        // Rules, not one week's offset: Cuiabá keeps UTC-04:00 all year, as New York does in summer.
        let july = (Self.instant("2027-07-10T00:00:00Z"), Self.instant("2027-07-12T00:00:00Z"))
        #expect(ZoneNameResolver.resolve("Customized Time Zone", declared: Self.declared("Customized Time Zone", keeping: "America/New_York"), from: july.0, to: july.1)?.zone == "America/New_York")
    }

    @Test("a guess for a declaration is remembered: the same answer again, whatever the event's dates")
    func rememberedGuess() {
        let declared = Self.declared("Customized Time Zone", keeping: "America/New_York")
        let first = ZoneNameResolver.resolve("Customized Time Zone", declared: declared, from: Self.start, to: Self.end)
        let later = ZoneNameResolver.resolve("Customized Time Zone", declared: declared, from: Self.instant("2027-09-01T00:00:00Z"), to: Self.instant("2027-09-02T00:00:00Z"))
        #expect(first?.zone == "America/New_York" && later == first)
    }

    @Test("clocks no zone keeps, or no definition: nothing")
    func nothing() {
        let odd = DeclaredZone(name: "Odd clocks", from: Self.instant("2027-01-01T00:00:00Z"), to: Self.instant("2028-01-01T00:00:00Z"), initialOffset: UTCOffset(hours: 1, minutes: 23)!, changes: [])
        #expect(ZoneNameResolver.resolve("Odd clocks", declared: odd, from: Self.start, to: Self.end) == nil)
        #expect(ZoneNameResolver.resolve("Head office time", declared: nil, from: Self.start, to: Self.end) == nil)
    }
}
