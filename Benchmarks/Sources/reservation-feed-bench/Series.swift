/// The runs of one command in one benchmark session.
struct Series: Sendable, Codable {
    /// A short name: `ours 100k`, `python 10k`.
    var name: String
    /// The command line, for the report.
    var command: String
    var samples: [ProcessSample] = []
    /// Seconds the command measured inside itself, when it reports them (libical-floor).
    var innerSeconds: [Double] = []

    var wall: Statistic { Statistic(samples.map(\.wall)) }
    var cpu: Statistic { Statistic(samples.map { $0.user + $0.system }) }
    var peakMegabytes: Statistic { Statistic(samples.map(\.peakMegabytes)) }
    var inner: Statistic { Statistic(innerSeconds) }
}

/// Median and spread of a few measurements. The median, not the mean: on a shared machine a
/// run that another process slowed down should not move the figure.
struct Statistic: Sendable {
    var values: [Double]

    init(_ values: [Double]) {
        self.values = values.sorted()
    }

    var isEmpty: Bool { values.isEmpty }
    var median: Double {
        guard !values.isEmpty else { return .nan }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }
    var minimum: Double { values.first ?? .nan }
    var maximum: Double { values.last ?? .nan }
}
