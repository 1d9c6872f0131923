/// A zone and what it was found from, put into words when a message says it (``ZoneSource/giving(_:)``).
struct ZoneEvidence: Sendable, CustomStringConvertible {
    let zone: String
    let source: ZoneSource

    var description: String {
        source.names(zone) ? source.description : "\(source)'s zone \(zone)"
    }
}
