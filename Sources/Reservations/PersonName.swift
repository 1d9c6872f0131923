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
        let (given, family) = Self.parts(of: text)
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
        let own = Set(words.map(Self.loose))
        let sought = wanted.words.map(Self.loose)
        return sought.allSatisfy(own.contains) || sought.joined() == words.map(Self.loose).joined()
    }

    /// A word with the two-letter spellings of umlauts and of `ø` and `æ` made one letter, so that
    /// `MUELLER` is `Müller` and `ODEGARD` is `Ødegård`, however a booking spelled them.
    private static func loose(_ word: String) -> String {
        guard word.contains("e") else { return word }
        return word.replacingOccurrences(of: "ae", with: "a").replacingOccurrences(of: "oe", with: "o").replacingOccurrences(of: "ue", with: "u")
    }

    /// `text` with the given names first where a comma would part it in a list of people:
    /// `Lovelace, Ada` as `Ada Lovelace`; anything else as written (`LOVELACE/ADA MRS` has no
    /// comma, and `Ada Lovelace, PhD` no family name before it).
    public static func givenFirst(_ text: String) -> String {
        let (given, family) = parts(of: text)
        guard !family.isEmpty, !text.contains("/") else { return text }
        return "\(given.trimmingCharacters(in: .whitespaces)) \(family.trimmingCharacters(in: .whitespaces))"
    }

    /// The given and family parts of a name written `FAMILY/GIVEN TITLE` (IATA) or
    /// `Family, Given`; the whole as given names otherwise, or when the comma comes before a
    /// suffix alone (`Ada Lovelace, PhD`, without it).
    private static func parts(of text: String) -> (given: Substring, family: Substring) {
        if let slash = text.firstIndex(of: "/") {
            return (text[text.index(after: slash)...], text[..<slash])
        }
        guard let comma = text.firstIndex(of: ","), !text[text.index(after: comma)...].contains(",") else { return (Substring(text), "") }
        let after = text[text.index(after: comma)...]
        return words(of: after).allSatisfy(titles.contains) ? (text[..<comma], "") : (after, text[..<comma])
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
        // Apostrophes join (`O'Brien` is `OBrien`), and letters that lose no accent but have an
        // ASCII spelling get it (`Işıl` is `ISIL`, `Wałęsa` is `WALESA`, `Ærø` is `AEROE`).
        var folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        folded.removeAll { $0 == "'" || $0 == "’" || $0 == "ʼ" }
        if !folded.allSatisfy(\.isASCII) {
            folded = String(folded.flatMap { Self.spelled[$0] ?? String($0) })
        }
        return folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Letters that folding leaves as they are, as ASCII spells them (lower case, as folded).
    private static let spelled: [Character: String] = [
        "ß": "ss", "ı": "i", "ł": "l", "ø": "oe", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th", "ħ": "h", "ŀ": "l",
    ]

    /// Titles, folded, that say nothing of who a person is; not those that are names too (`Don`)
    /// or tell people apart (`Jr`, `Sr`, `II`).
    private static let titles: Set<String> = [
        "mr", "mrs", "ms", "miss", "mx", "mstr", "master", "dr", "prof", "sir", "dame", "lady", "lord", "rev",
        "herr", "frau", "mme", "mlle", "sra", "srta", "phd", "esq",
    ]
}
