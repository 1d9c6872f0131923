import ArgumentParser
import Chrono
import Foundation

/// `--travel-time`: how long it takes to get to an event, as people write it (`45m`, `1h`,
/// `1h30m`) or in ISO 8601 (`PT45M`); from a minute to a day.
struct TravelTime: ExpressibleByArgument, Sendable, Hashable {
    /// The time, in seconds.
    let seconds: Int

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        var seconds: Int64?
        if text.hasPrefix("p") {
            seconds = ISO8601Duration.seconds(text)
        } else {
            // Hours, then minutes, each a number followed by its unit: `1h30m`, `90m`, `2h`.
            var total: Int64 = 0
            var number = ""
            var units: [Character] = []
            for character in text {
                if character.isASCII, character.isNumber {
                    number.append(character)
                } else if let value = Int64(number), value <= 1_000_000, (character == "h" || character == "m"), !units.contains(character),
                    units.last != "m"
                {
                    total += value * (character == "h" ? 3_600 : 60)
                    units.append(character)
                    number = ""
                } else {
                    return nil
                }
            }
            seconds = number.isEmpty && !units.isEmpty ? total : nil
        }
        guard let seconds, (60...86_400).contains(seconds) else { return nil }
        self.seconds = Int(seconds)
    }

    static var defaultCompletionKind: CompletionKind { .list(["15m", "30m", "45m", "1h", "1h30m", "2h"]) }
}
