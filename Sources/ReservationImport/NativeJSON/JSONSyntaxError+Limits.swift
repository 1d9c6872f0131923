import JSONParsing

extension JSONSyntaxError {
    /// The error as an import reports it: a limit the text went past names the `--limit` that
    /// raises it, with its size as ``ImportLimits/describe(bytes:)`` writes sizes.
    var explanation: String {
        switch exceededLimit {
        case .depth(let maximum): "arrays and objects are nested more than \(maximum) deep (--limit json-depth)"
        case .stringLength(let maximum): "this string is longer than the limit of \(ImportLimits.describe(bytes: maximum)) (--limit field-length)"
        case nil: message
        }
    }
}
