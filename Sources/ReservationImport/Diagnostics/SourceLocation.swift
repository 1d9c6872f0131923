@_exported import struct JSONParsing.TextPosition
import JSONParsing

/// Where in the input something was found: a file, a JSON path in it, and a line and column.
///
/// Printed as `trip.json: reservations[3].departure.time`, the form every message starts with.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it (`Examples/trip/flight.json`), or `standard input`.
    public var file: String
    /// The JSON path within the file (`reservations[3].departure.time`); empty for the file as a whole.
    public var path: String
    /// The line and column, where known.
    public var position: TextPosition?

    /// Creates a location.
    public init(file: String, path: String = "", position: TextPosition? = nil) {
        self.file = file
        self.path = path
        self.position = position
    }

    /// The location of a field within the thing at this location: `reservations[2]` + `startTime`.
    public func appending(path relative: String, position: TextPosition? = nil) -> SourceLocation {
        SourceLocation(file: file, path: JSONPath.join(path, relative), position: position ?? self.position)
    }

    public var description: String { path.isEmpty ? file : "\(file): \(path)" }
}
