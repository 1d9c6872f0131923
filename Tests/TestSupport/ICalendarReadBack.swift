import Foundation

/// A feed's events as an independent parser reads them (python `icalendar`, through
/// `Tests/Tools/read_events.py`): each a dictionary of property names and their values as text,
/// unescaped and unfolded (`DTSTART` as `;TZID=Europe/Helsinki:20300615T080000`).
public enum ICalendarReadBack {
    /// The events of each file, in the order written.
    public static func events(_ path: String) throws -> [[String: String]] {
        let run = try ProcessRunner.run(
            Repository.url("Tests/Tools/python"), [Repository.url("Tests/Tools/read_events.py").path, path])
        guard run.status == 0, let files = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[[String: String]]],
            let events = files.first
        else { throw ReadBackError(path: path, output: run.standardError) }
        return events
    }

    /// Why a feed could not be read back.
    public struct ReadBackError: Error, CustomStringConvertible {
        public var path: String
        public var output: String
        public var description: String { "python icalendar could not read \(path): \(output)" }
    }
}
