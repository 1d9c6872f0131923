/// Where something came from: the input it was read from, and the place in it.
///
/// Every message about an input starts with its origin, printed as
/// `trip.json: reservations[3].departure.time`, and ends with its line and column when they are
/// known. A reservation built in code has no origin at all (`nil`), rather than an invented one.
///
/// ```swift
/// let origin = Origin(file: "trip.json", path: "reservations[3]", position: TextPosition(line: 12, column: 5))
/// origin.appending(.departureTime).description   // trip.json: reservations[3].departure.time
/// ```
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    /// The input: a file, a message in a mailbox, a donation, or a resource on a calendar server.
    public var source: Source
    /// The place within it: a JSON path (`reservations[3].departure.time`), or a path through a
    /// page's or an e-mail's markup (`part[2].script[1].reservationFor`); empty for all of it.
    public var path: String
    /// The line and column, where known.
    public var position: TextPosition?

    /// Creates an origin.
    public init(_ source: Source, path: String = "", position: TextPosition? = nil) {
        self.source = source
        self.path = path
        self.position = position
    }

    /// The origin of something in a file (or standard input), named as the user named it.
    public init(file: String, path: String = "", position: TextPosition? = nil) {
        self.init(.file(file), path: path, position: position)
    }

    /// A place within this one: `reservations[2]` + `startTime`, `part[1]` + `script[2]`.
    ///
    /// - Parameter position: The inner place's line and column; this one's when `nil`.
    public func appending(path relative: String, position: TextPosition? = nil) -> Origin {
        Origin(source, path: JSONPath.join(path, relative), position: position ?? self.position)
    }

    /// The place of a reservation's field within the reservation at this origin, as native JSON
    /// names it: `reservations[2]` + ``FieldPath`` `departure.time`.
    ///
    /// - Parameter position: The field's line and column; the reservation's when `nil`.
    public func appending(_ field: FieldPath, position: TextPosition? = nil) -> Origin {
        appending(path: field.keys.reduce("") { JSONPath.join($0, JSONPath.component($1)) }, position: position)
    }

    /// `trip.json: reservations[3]`, or the source alone for all of it.
    public var description: String { path.isEmpty ? source.description : "\(source): \(path)" }
}

extension Origin {
    /// The input something was read from.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// A file as the user named it (`Examples/trip/flight.json`), or `standard input`.
        case file(String)
        /// A message in a mailbox: an mbox file or an IMAP folder.
        case message(MailboxMessage)
        /// A document donated to `serve`, by the name it is kept under (`inbox/donation-…json`).
        case donation(String)
        /// A resource on a calendar server, or the calendar collection itself, by its URL.
        case resource(String)

        public var description: String {
            switch self {
            case .file(let name): name
            case .message(let message): message.description
            case .donation(let name): name
            case .resource(let url): url
            }
        }
    }
}
