import Basics

extension FileReadError: DiagnosticMessageConvertible {
    /// Why, in words: `no such file or directory`, `it is a folder`, `it is 70 MB, more than the
    /// limit of 64 MB (limit file-size)`.
    public var message: DiagnosticMessage {
        switch reason {
        case .system(let reason): "\(reason)"
        case .folder: "it is a folder"
        case .notRegularFile: "it is not a regular file (a pipe, a device or a socket)"
        case .tooLarge(let size?, let limit): "it is \(bytes: size), more than the limit of \(bytes: limit) (\(setting: .limit("file-size")))"
        case .tooLarge(nil, let limit): "it is more than the limit of \(bytes: limit) (\(setting: .limit("file-size")))"
        }
    }

    public var description: String { message.description }
}
