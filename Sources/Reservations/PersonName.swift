import Foundation

/// A person's name as bookings write it, reduced to what tells people apart: its words without
/// case, accents, punctuation or titles, given names first.
///
/// `Ada Lovelace`, `ADA LOVELACE`, `Lovelace, Ada`, `LOVELACE/ADA MRS` (as boarding passes write
/// it), `Mrs. Ada Lovelace` and `Adá Lovelace` are one name, and so are a name and its passport
/// spelling (`Müller`, `MUELLER`; `Bjørn Ødegård`, `ODEGAARD/BJOERN`). A name matches another when
/// every word of it is among the other's words (`Ada` matches `Augusta Ada Lovelace`), or when
/// both are the same letters without spaces (`山田太郎`, `山田 太郎`).
public struct PersonName: Sendable, Hashable {
    /// The words, folded, in the order written once `Family, Given` and `FAMILY/GIVEN` are turned
    /// around.
    public let words: [String]
    /// Each word's spellings: the folded word, and where it has letters that passports spell with
    /// two (`ü` as `ue`, `ø` as `oe`, `å` as `aa`, `đ` as `dj`), those spellings too.
    private let spellings: [Set<String>]

    /// The name of `text`, or `nil` when nothing but titles and punctuation is left.
    public init?(_ text: String) {
        let (given, family) = Self.parts(of: text)
        var tokens = Self.tokens(of: given)
        // A title run into a boarding pass's given name: `LOVELACE/ADAMRS` (not `MS`, which ends
        // names: `ADAMS`).
        if !family.isEmpty, tokens.count == 1, let token = tokens.first {
            for title in ["mrs", "miss", "mstr", "mr"] where token.count > title.count + 1 && token.hasSuffix(title) {
                tokens = [String(token.dropLast(title.count))]
                break
            }
        }
        tokens += Self.tokens(of: family)
        let named = tokens.map { token in (plain: Self.plain(token), spellings: Self.spellings(of: token)) }.filter { !Self.titles.contains($0.plain) }
        guard !named.isEmpty else { return nil }
        words = named.map(\.plain)
        spellings = named.map(\.spellings)
    }

    /// Whether this name (a booking's) is the person `wanted` names: every word of `wanted` is
    /// among this name's, in any of their spellings, or both are the same letters once spaces are
    /// gone.
    public func matches(_ wanted: PersonName) -> Bool {
        let own = spellings.reduce(into: Set<String>()) { $0.formUnion($1) }
        return wanted.spellings.allSatisfy { !$0.isDisjoint(with: own) } || wanted.words.joined() == words.joined()
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
        let isSuffix = tokens(of: after).allSatisfy { titles.contains(plain($0)) }
        return isSuffix ? (text[..<comma], "") : (after, text[..<comma])
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

    /// The words of a text in lower case, accents kept: letters and digits, split at everything
    /// else; apostrophes join (`O'Brien` is `obrien`).
    private static func tokens(of text: Substring) -> [String] {
        var folded = text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil).precomposedStringWithCanonicalMapping
        folded.removeAll { $0 == "'" || $0 == "’" || $0 == "ʼ" }
        return folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// A token without accents, each letter that keeps no accent to drop in its one-letter
    /// spelling (`ł` as `l`, `ı` as `i`, `ø` as `o`).
    private static func plain(_ token: String) -> String {
        let folded = token.folding(options: .diacriticInsensitive, locale: nil)
        guard !folded.allSatisfy(\.isASCII) else { return folded }
        return String(folded.flatMap { plainLetters[$0] ?? String($0) })
    }

    /// Every spelling of a token: its plain one, and each mix of the passport spellings of its
    /// letters that have one (at most 16).
    private static func spellings(of token: String) -> Set<String> {
        var forms = [""]
        for character in token {
            let options = passportLetters[character].map { [plain(String(character))] + $0 } ?? [plain(String(character))]
            forms = forms.count * options.count > 16 ? forms.map { $0 + options[0] } : forms.flatMap { form in options.map { form + $0 } }
        }
        return Set(forms)
    }

    /// Letters that folding leaves as they are, as ASCII spells them with one letter where it can.
    private static let plainLetters: [Character: String] = [
        "ß": "ss", "ı": "i", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th", "ħ": "h", "ŀ": "l",
    ]

    /// Letters that machine-readable passports (ICAO 9303) and airlines also spell with two.
    private static let passportLetters: [Character: [String]] = [
        "ä": ["ae"], "ö": ["oe"], "ü": ["ue"], "ø": ["oe"], "å": ["aa"], "æ": ["ae"], "đ": ["dj"], "ð": ["dh"], "þ": ["th"],
    ]

    /// Titles, folded, that say nothing of who a person is; not those that are names too (`Don`)
    /// or tell people apart (`Jr`, `Sr`, `II`, `Mstr`).
    private static let titles: Set<String> = [
        "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "lady", "lord", "rev",
        "herr", "frau", "mme", "mlle", "sra", "srta", "phd", "esq",
    ]
}
