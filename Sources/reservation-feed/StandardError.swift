import Foundation

/// Messages for people go to standard error, so standard output can carry a feed (`--output -`).
enum StandardError {
    static func print(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
