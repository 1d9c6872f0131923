import Basics
import Foundation

/// Countries' names in a locale's language (`United States`, `États-Unis`), from their ISO codes,
/// asked of Foundation once per locale, code and thread: an ICU call per address would cost more than
/// the rest of an event.
enum RegionNames {
    private static let cache = PerThread<[String: String]> { [:] }

    /// The name of the country `code` in the locale `identifier`, or the code when Foundation has none.
    static func name(of code: String, in identifier: String) -> String {
        let key = identifier + "|" + code
        if let name = cache.withValue({ $0[key] }) { return name }
        let name = Locale(identifier: identifier).localizedString(forRegionCode: code.uppercased()) ?? code
        cache.withValue { $0[key] = name }
        return name
    }
}
