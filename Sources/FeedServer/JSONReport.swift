/// Small JSON answers, written by hand so that their key order is the one written.
enum JSONReport {
    indirect enum Value: Sendable {
        case text(String)
        case bool(Bool)
        case null
        case list([Value])
        case object([(String, Value)])

        var text: String {
            switch self {
            case .text(let string): Self.quote(string)
            case .bool(let value): value ? "true" : "false"
            case .null: "null"
            case .list(let values): "[" + values.map(\.text).joined(separator: ", ") + "]"
            case .object(let fields): "{" + fields.map { Self.quote($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
            }
        }

        private static func quote(_ string: String) -> String {
            var quoted = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\n": quoted += "\\n"
                case "\r": quoted += "\\r"
                case "\t": quoted += "\\t"
                case "<": quoted += "\\u003c"  // safe inside HTML too
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        quoted.unicodeScalars.append(scalar)
                    }
                }
            }
            return quoted + "\""
        }
    }
}
