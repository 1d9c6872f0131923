import Basics
import Foundation
import ICalendar
import ReservationImport

/// One `.ics` file per event in a folder, kept in step with the feed (`--split DIR`): a person can
/// open or send a single event, and opening a newer file updates the same event in a desktop
/// calendar, since it carries the same UID and a higher SEQUENCE.
///
/// A file is named after its event's UID and rewritten (atomically) only when its content changes.
/// Files of events no longer in the feed are removed, but only files this package wrote (their
/// PRODID says so); anything else in the folder is left alone.
public enum EventFiles {
    /// Brings the folder in step with the feed's events.
    ///
    /// - Returns: How many files were written and removed.
    static func synchronize(
        _ assembly: FeedAssembly, properties: CalendarProperties, into folder: String
    ) throws(FeedError) -> (written: Int, removed: Int) {
        do {
            try OutputLocation.checkFolder(folder)
        } catch {
            throw .write(path: folder, reason: error.description)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .write(path: folder, reason: "cannot create the folder: \(error.localizedDescription)")
        }
        let properties = standalone(properties)
        var names: Set<String> = []
        var written = 0
        for entry in assembly.entries {
            let name = fileName(for: entry.uid)
            names.insert(name)
            let path = folder + "/" + name
            var zones = TimeZoneSpans()
            zones.include(entry.start)
            if let end = entry.end { zones.include(end) }
            var text: [UInt8] = []
            do {
                try assembly.writeDocument(of: [entry], properties: properties, timeZones: zones) { text += $0 }
            } catch let error as FeedError {
                throw error
            } catch {
                preconditionFailure("collecting the text in memory throws nothing else: \(error)")
            }
            if let current = FileManager.default.contents(atPath: path), current.elementsEqual(text) { continue }
            do {
                try AtomicFileWriter.replace(path) { write in try write(text) }
            } catch let error as FeedError {
                throw error
            } catch {
                throw .write(path: path, reason: "\(error)")
            }
            written += 1
        }
        var removed = 0
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in listing where name.hasSuffix(".ics") && !names.contains(name) {
            let path = folder + "/" + name
            // Only the running user's own files, never through a link.
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
                InputDiscovery.isFeedOfThisTool(path)
            else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
        }
        return (written, removed)
    }

    /// `0d6b2f7e-….ics`: the UID, with anything but letters, digits, `.`, `_`, `-` and `@` replaced.
    public static func fileName(for uid: String) -> String {
        let safe = String(String.UnicodeScalarView(uid.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_@".unicodeScalars.contains(scalar))
                ? scalar : "_"
        }))
        return String(safe.prefix(200)) + ".ics"
    }

    /// One event alone, as a calendar of its own with the VTIMEZONEs it needs: what `serve`
    /// offers for download beside the feed, and what `publish` puts in a calendar.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - properties: The feed's calendar properties; those of a subscribed calendar (name,
    ///     description, refresh interval) are left out.
    ///   - stamp: The DTSTAMP when the event carries none.
    ///   - extensions: Non-standard properties of the event (publishing's digest), by name.
    /// - Throws: ``FeedError/iCalendar(_:)`` when libical cannot write the event.
    public static func document(
        of event: CalendarEvent, calendar properties: CalendarProperties, stamp: Instant, extensions: [String: String] = [:]
    ) throws(FeedError) -> [UInt8] {
        do {
            return Array(
                try ICalendarWriter(concurrency: 1).document(standalone(properties), events: [event], stamp: stamp, extensions: [event.uid: extensions])
                    .utf8)
        } catch {
            throw .iCalendar(error)
        }
    }

    /// A calendar's properties for a file of one event: no name, description or refresh
    /// interval, which belong to a subscribed calendar, not to an event opened alone.
    private static func standalone(_ properties: CalendarProperties) -> CalendarProperties {
        var properties = properties
        properties.name = nil
        properties.description = nil
        properties.refreshInterval = nil
        return properties
    }
}
