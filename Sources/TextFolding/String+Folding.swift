import Foundation

extension String {
    /// The string as names are compared when people type them: lower case, without accents,
    /// and with compatibility forms in their plain form (full-width letters, ligatures):
    /// `Février` → `fevrier`, `ZÜRICH` → `zurich`, `ＵＳＡ` → `usa`.
    ///
    /// The compatibility decomposition (NFKD) without its nonspacing marks, then lower case.
    /// Letters that are not a base letter with a mark stay as they are (`ß`, `ø`, `ł`). The one
    /// rule for every name the package looks up: month and weekday names, airports, cities,
    /// countries; `generate-airport-table.py` keys its cities the same way.
    package var foldedForComparison: String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return lowercased() }
        let scalars = decomposedStringWithCompatibilityMapping.unicodeScalars.filter {
            $0.properties.generalCategory != .nonspacingMark
        }
        return String(String.UnicodeScalarView(scalars)).lowercased()
    }
}
