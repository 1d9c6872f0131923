import Basics
import Chrono
import Diagnostics
import Geography

/// How one document writes its dates, for reading those that are not ISO 8601: the document's
/// text (whose other dates may show whether day or month comes first), its language, and its
/// sender's country.
///
/// Only a numeric date that could be read either way (`05/06/2027`) asks for more than its own
/// text; the document is then searched once for dates that can only be read one way, and only
/// when none is found is the language, the sender's country, or the country of the place the
/// date belongs to taken as a guess (and the reading says so).
final class DocumentDates: Sendable {
    /// A language or country that suggests an order, and where it comes from.
    struct Source: Sendable {
        var order: DateOrder
        var reason: String
    }

    private let text: @Sendable () -> [String]
    private let language: Source?
    private let sender: Source?
    /// The country the sender's e-mail domain names, when it names one.
    let senderCountry: String?
    /// What the document's text says, once looked at: the order its dates show, and the dates it
    /// writes unambiguously.
    private struct Evidence: Sendable {
        var order: (order: DateOrder, example: String)?
        var dates: Set<LocalDate>
    }

    private let evidence = Locked<Evidence?>(nil)

    /// A document.
    ///
    /// - Parameters:
    ///   - text: The document's text, looked at only when a date could be read both ways.
    ///   - language: Its language tag (`<html lang>`, `Content-Language`) and what it is of.
    ///   - senderAddress: The e-mail address it came from, whose country domain suggests an order.
    init(text: @escaping @Sendable () -> [String], language: (tag: String, of: String)? = nil, senderAddress: String? = nil) {
        self.text = text
        self.language = language.flatMap { language in
            DateOrder.usual(forLanguage: language.tag).map { Source(order: $0, reason: "\(language.of)'s language, \(language.tag)") }
        }
        let country = senderAddress.flatMap(Self.country(ofAddress:))
        self.sender = senderAddress.flatMap { address in
            country.map { Source(order: DateOrder.usual(inCountry: $0), reason: "the sender's country, \($0) (\(address))") }
        }
        senderCountry = country
    }

    /// The same document, in the language a part of it declares (a page's `<html lang>`).
    func with(language tag: String, of what: String) -> DocumentDates {
        DocumentDates(text: text, language: (tag, what), sender: sender, senderCountry: senderCountry)
    }

    private init(text: @escaping @Sendable () -> [String], language: (tag: String, of: String), sender: Source?, senderCountry: String?) {
        self.text = text
        self.language = DateOrder.usual(forLanguage: language.tag).map { Source(order: $0, reason: "\(language.of)'s language, \(language.tag)") }
        self.sender = sender
        self.senderCountry = senderCountry
    }

    /// A document whose bytes are its text.
    convenience init(bytes: [UInt8], language: (tag: String, of: String)? = nil, senderAddress: String? = nil) {
        self.init(text: { [String(decoding: bytes, as: UTF8.self)] }, language: language, senderAddress: senderAddress)
    }

    /// Reads a date of the document.
    ///
    /// - Parameter placeCountry: The country of the place the date belongs to, the last guess.
    func read(_ text: String, placeCountry: () -> String?) throws(ISO8601ParseError) -> LenientDate {
        try LenientDateParser.read(text) { hints(placeCountry: placeCountry) }
    }

    private func hints(placeCountry: () -> String?) -> DateOrderHints {
        let found = evidence.withLock { cached in
            if let cached { return cached }
            let texts = text()
            let found = Evidence(order: DateOrder.evidence(in: texts), dates: DateOrder.unambiguousDates(in: texts))
            cached = found
            return found
        }
        var hints = DateOrderHints(document: found.order, knownDates: found.dates)
        if let guess = language ?? sender {
            hints.guess = (guess.order, guess.reason)
        } else if let country = placeCountry() {
            hints.guess = (DateOrder.usual(inCountry: country), "the country of the place, \(country)")
        }
        return hints
    }

    /// The country an e-mail address's domain names (`booking.de` → DE, `.co.uk` → GB), or `nil`
    /// for generic domains and for country domains used as generic ones (`.io`, `.co`, `.me`...).
    static func country(ofAddress address: String) -> String? {
        guard let domain = address.split(separator: "@").last, let last = domain.split(separator: ".").last, last.count == 2 else {
            return nil
        }
        let code = last.uppercased()
        if genericCountryDomains.contains(code) { return nil }
        let country = code == "UK" ? "GB" : code
        return CountryTimeZones.zones(inCountry: country).isEmpty ? nil : country
    }

    private static let genericCountryDomains: Set<String> = [
        "IO", "CO", "ME", "TV", "AI", "LY", "FM", "TO", "CC", "WS", "GG", "LA", "AG", "SH", "NU", "TK", "ML", "GA", "CF", "GQ",
        "SO", "AM", "ST", "VG", "MS", "BZ", "IM", "AC", "EU",
    ]
}

/// A lenient reading as a warning: `lenient-date`, or `date-order-guessed` when day and month
/// were ordered by a guess.
extension LenientDate {
    var diagnosticCode: DiagnosticCode { guess == nil ? .lenientDate : .dateOrderGuessed }
}
