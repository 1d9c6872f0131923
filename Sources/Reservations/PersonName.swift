import Foundation

/// A person's name as bookings write it, reduced to what tells people apart: its words without
/// case, accents, punctuation or titles, given names first.
///
/// `Ada Lovelace`, `ADA LOVELACE`, `Lovelace, Ada`, `LOVELACE/ADA MRS` (as boarding passes write
/// it), `Mrs. Ada Lovelace` and `Adá Lovelace` are one name. A name matches another when every
/// word of it is among the other's words (`Ada` matches `Augusta Ada Lovelace`), or when both
/// are the same letters without spaces (`山田太郎`, `山田 太郎`).
public struct PersonName: Sendable, Hashable {
    /// The words, folded, in the order written once `Family, Given` and `FAMILY/GIVEN` are turned
    /// around.
    public let words: [String]

    /// The name of `text`, or `nil` when nothing but titles and punctuation is left.
    public init?(_ text: String) {
        var given = Substring(text)
        var family: Substring = ""
        // `FAMILY/GIVEN TITLE` (IATA), then `Family, Given`; not a comma before a suffix alone
        // (`Ada Lovelace, PhD`).
        if let slash = text.firstIndex(of: "/") {
            family = text[..<slash]
            given = text[text.index(after: slash)...]
        } else if let comma = text.firstIndex(of: ","), !text[text.index(after: comma)...].contains(",") {
            let after = text[text.index(after: comma)...]
            if !Self.words(of: after).allSatisfy(Self.titles.contains) {
                family = text[..<comma]
                given = after
            } else {
                given = text[..<comma]
            }
        }
        var words = Self.words(of: given)
        // A title run into a boarding pass's given name: `LOVELACE/ADAMRS`.
        if !family.isEmpty, words.count == 1, let word = words.first {
            for title in ["mrs", "miss", "mstr", "mr", "ms"] where word.count > title.count + 1 && word.hasSuffix(title) {
                words = [String(word.dropLast(title.count))]
                break
            }
        }
        words += Self.words(of: family)
        words.removeAll(where: Self.titles.contains)
        guard !words.isEmpty else { return nil }
        self.words = words
    }

    /// Whether this name (a booking's) is the person `wanted` names: every word of `wanted` is
    /// among this name's, or both are the same letters once spaces are gone.
    public func matches(_ wanted: PersonName) -> Bool {
        let own = Set(words)
        return wanted.words.allSatisfy(own.contains) || wanted.words.joined() == words.joined()
    }

    /// The names of `lists`, in order, each person once (by ``PersonName``), as first written;
    /// texts that are no name are left out.
    public static func distinct(_ lists: [String]...) -> [String] {
        var seen: Set<[String]> = []
        var names: [String] = []
        for name in lists.joined() {
            guard let key = PersonName(name)?.words.sorted(), seen.insert(key).inserted else { continue }
            names.append(name)
        }
        return names
    }

    /// The folded words of a text: letters and digits, split at everything else.
    private static func words(of text: Substring) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split { !($0.isLetter || $0.isNumber) }.map { String($0).replacingOccurrences(of: "ß", with: "ss") }
    }

    /// Titles and suffixes, folded, that say nothing of who a person is.
    private static let titles: Set<String> = [
        "mr", "mrs", "ms", "miss", "mx", "mstr", "master", "dr", "prof", "sir", "dame", "lady", "lord", "rev",
        "herr", "frau", "m", "mme", "mlle", "sr", "sra", "srta", "don", "dona", "sig", "jr", "ii", "iii", "phd", "md", "esq",
    ]
}
