import Basics
import Foundation

/// The language and regional conventions of titles, note labels, dates and times.
///
/// Titles and labels exist in English, French, German, Spanish and Japanese; dates and times
/// follow the full tag, so `en-GB` writes `Sat, 15 Jun 2030 at 17:55` where `en` writes
/// `Sat, Jun 15, 2030 at 5:55 PM`.
public struct SynthesisLocale: Sendable, Hashable, CustomStringConvertible {
    /// The languages titles and labels are written in.
    public static let supportedLanguages = ["en", "fr", "de", "es", "ja"]

    /// English, the default.
    public static let english = SynthesisLocale(validated: "en", language: "en")

    /// The BCP 47 tag, as given (`fr-CA`).
    public let identifier: String
    /// The language part (`fr`).
    public let language: String

    /// The locale for a BCP 47 tag (`fr`, `de-AT`, `ja_JP`), or `nil` when its language is not
    /// one of ``supportedLanguages``.
    public init?(tag: String) {
        let normalized = tag.replacingOccurrences(of: "_", with: "-").trimmingWhitespace()
        let language = normalized.split(separator: "-").first.map { $0.lowercased() } ?? ""
        guard Self.supportedLanguages.contains(language) else { return nil }
        self.init(validated: normalized, language: language)
    }

    private init(validated identifier: String, language: String) {
        self.identifier = identifier
        self.language = language
    }

    public var description: String { identifier }
}
