import Chrono
import Testing

@testable import ZoneNames

@Suite("Windows zone names, by CLDR")
struct WindowsZonesTests {
    @Test("every zone of the table is one the tz database knows, by its current name")
    func zonesAreKnown() {
        for row in windowsZoneRows {
            for zone in [row.zone] + row.countryZones {
                #expect(TimeZoneRules.isKnown(zone), "\(row.windowsName): \(zone)")
            }
        }
        // CLDR's own older names are written as the tz database's zone.tab names them now.
        let zones = Set(windowsZoneRows.flatMap { [$0.zone] + $0.countryZones })
        for old in ["Asia/Calcutta", "America/Buenos_Aires", "Asia/Katmandu", "Asia/Saigon", "Asia/Rangoon", "Europe/Kiev"] {
            #expect(!zones.contains(old), "\(old)")
        }
        #expect(windowsZoneRows.count >= 139)
    }

    @Test(
        "a Windows name stands for its general zone, whatever its case, and with Outlook's number after it",
        arguments: [
            ("W. Europe Standard Time", "Europe/Berlin"), ("Pacific Standard Time", "America/Los_Angeles"),
            ("India Standard Time", "Asia/Kolkata"), ("Eastern Standard Time", "America/New_York"),
            ("GMT Standard Time", "Europe/London"), ("AUS Eastern Standard Time", "Australia/Sydney"),
            ("Tokyo Standard Time", "Asia/Tokyo"), ("China Standard Time", "Asia/Shanghai"),
            ("UTC", "Etc/UTC"), ("Central Asia Standard Time", "Asia/Bishkek"),
            ("Mountain Standard Time (Mexico)", "America/Mazatlan"), ("w. europe standard time", "Europe/Berlin"),
            ("Eastern Standard Time 1", "America/New_York"), ("\"Pacific Standard Time\"", "America/Los_Angeles"),
        ])
    func windowsName(name: String, zone: String) {
        #expect(WindowsZones.zone(forWindowsName: name) == zone)
    }

    @Test("names that are not Windows' stand for nothing", arguments: ["Europe/Berlin", "Standard Time", "Eastern Standard", "W. Europe Standard Time 1a", ""])
    func notWindowsNames(name: String) {
        #expect(WindowsZones.zone(forWindowsName: name) == nil)
    }

    @Test("a Windows name's zones: the general one, then those of single countries")
    func countryZones() {
        let zones = WindowsZones.zones(forWindowsName: "W. Europe Standard Time")
        #expect(zones.first == "Europe/Berlin")
        #expect(zones.contains("Europe/Amsterdam") && zones.contains("Europe/Rome") && zones.contains("Europe/Zurich"))
        #expect(Set(zones).count == zones.count)
    }

    @Test("Windows' display names, in today's form and in older ones, name their Windows zone")
    func displayNames() {
        #expect(WindowsZones.windowsName(forDisplayName: "(UTC-08:00) Pacific Time (US & Canada)") == "Pacific Standard Time")
        #expect(WindowsZones.windowsName(forDisplayName: "(GMT-08:00) Pacific Time (US & Canada)") == "Pacific Standard Time")
        #expect(WindowsZones.windowsName(forDisplayName: "\"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna\"") == "W. Europe Standard Time")
        #expect(WindowsZones.windowsName(forDisplayName: "(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna") == "W. Europe Standard Time")
        #expect(WindowsZones.windowsName(forDisplayName: "(UTC) Coordinated Universal Time") == "UTC")
        #expect(WindowsZones.windowsName(forDisplayName: "(UTC+01:00) Somewhere Else") == nil)
    }

    /// The display names are CLDR 41's (2022); these zones have changed their clocks since, so
    /// their names give an offset the zone no longer keeps. Only they may differ.
    static let changedSinceTheDisplayNames: Set<String> = [
        "Greenland Standard Time",  // America/Nuuk: UTC-02:00 since 2023
        "Jordan Standard Time",  // Asia/Amman: UTC+03:00 all year since 2022
        "Syria Standard Time",  // Asia/Damascus: UTC+03:00 all year since 2022
        "Paraguay Standard Time",  // America/Asuncion: UTC-03:00 all year since 2024
        "Volgograd Standard Time",  // Europe/Volgograd: UTC+03:00 since 2020
    ]

    @Test("each general zone keeps the offset its display name gives as standard time in 2027, but for zones changed since")
    func displayNameOffsets() throws {
        var differing: Set<String> = []
        for row in windowsZoneRows where !row.displayName.isEmpty {
            let shown = try #require(ExchangeDisplayName(row.displayName), "\(row.displayName)")
            var standard: Set<UTCOffset> = []
            for week in 0..<53 {
                let instant = Instant(secondsSinceEpoch: 1_798_761_600 + Int64(week) * 7 * 86_400)  // 2027-01-01 on
                if let observance = TimeZoneRules.observance(in: row.zone, at: instant), !observance.isDaylight { standard.insert(observance.offset) }
            }
            if !standard.contains(shown.offset) { differing.insert(row.windowsName) }
        }
        #expect(differing == Self.changedSinceTheDisplayNames)
    }
}
