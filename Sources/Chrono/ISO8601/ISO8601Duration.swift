/// Reads ISO 8601 durations such as `PT6H`, `P1D`, `PT90M` or `P1DT12H`.
public enum ISO8601Duration {
    /// The number of seconds a duration text stands for, or `nil` when it is not an ISO 8601
    /// duration of weeks, days, hours, minutes and seconds (years and months have no fixed length
    /// and are refused).
    public static func seconds(_ text: String) -> Int64? {
        var scalars = Substring(text.uppercased())
        guard scalars.first == "P" else { return nil }
        scalars = scalars.dropFirst()
        var total: Int64 = 0
        var inTime = false
        var number = ""
        var sawPart = false
        for character in scalars {
            switch character {
            case "0"..."9":
                number.append(character)
            case "T":
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
            case "W", "D", "H", "M", "S":
                guard let value = Int64(number) else { return nil }
                let unit: Int64
                switch (character, inTime) {
                case ("W", false): unit = 7 * 86_400
                case ("D", false): unit = 86_400
                case ("H", true): unit = 3600
                case ("M", true): unit = 60
                case ("S", true): unit = 1
                default: return nil
                }
                let (product, overflow) = value.multipliedReportingOverflow(by: unit)
                guard !overflow else { return nil }
                let (sum, sumOverflow) = total.addingReportingOverflow(product)
                guard !sumOverflow else { return nil }
                total = sum
                number = ""
                sawPart = true
            default:
                return nil
            }
        }
        return sawPart && number.isEmpty ? total : nil
    }
}
