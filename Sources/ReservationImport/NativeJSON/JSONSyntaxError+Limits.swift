import Diagnostics
import JSONParsing

extension JSONSyntaxError {
    /// The error as an import reports it: a limit the text went past names the limit that
    /// raises it, with its size.
    var explanation: DiagnosticMessage {
        switch exceededLimit {
        case .depth(let maximum): "arrays and objects are nested more than \(maximum) deep (\(setting: .limit("json-depth")))"
        case .stringLength(let maximum): "this string is longer than the limit of \(bytes: maximum) (\(setting: .limit("field-length")))"
        case nil: "\(message)"
        }
    }
}
