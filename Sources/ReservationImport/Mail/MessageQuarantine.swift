import Basics
import Diagnostics
import Foundation
import Mailboxes

/// Sets aside a cached message that stopped a run while it was read, so that one message cannot
/// stop every run, every `serve` refresh and every `publish --follow` round after it.
///
/// Before each batch of messages is read, their names are written to `reading-PID` in the
/// folder's cache directory, and the file is removed after. A file left by a process that no
/// longer runs names the messages that were being read when it stopped: the next run reads those
/// first, one at a time, each named in `reading-alone-PID` while it is read. A `reading-alone`
/// file left behind names the very message that stopped a run: it is reported once, with its
/// folder and UID, and listed in `set-aside` with its cached copy's size and time, and is skipped
/// from then on, until that copy changes (downloaded again) or its line is deleted. Two stops
/// are needed to be sure of the message: one run reads many at once.
///
/// The files cost two operations a batch of messages (``batchSize``); nothing is written per message.
struct MessageQuarantine {
    /// How many messages are read between two writes of the files.
    static let batchSize = 512

    /// The folder's cache directory.
    let directory: String
    /// The folder, for messages.
    let mailbox: MailboxURL

    /// A message as the files name it: its UIDVALIDITY and UID.
    struct Name: Hashable {
        var uidValidity: UInt32
        var uid: UInt32

        init(_ entry: MailCache.Entry) {
            (uidValidity, uid) = (entry.uidValidity, entry.uid)
        }

        init?(_ line: Substring) {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let validity = UInt32(fields[0]), let number = UInt32(fields[1]) else { return nil }
            (uidValidity, uid) = (validity, number)
        }

        var text: String { "\(uidValidity) \(uid)" }
    }

    /// What an earlier run left: the messages to read alone first, those set aside (with the
    /// size and time of the copy that was), and the reports of those set aside just now.
    struct Findings {
        var suspects: Set<Name> = []
        var setAside: [Name: String] = [:]
        var reports: [Diagnostic] = []
    }

    /// Reads what runs that stopped left behind, sets aside the messages that stopped a run
    /// alone, and removes their files.
    func inspect(_ entries: [MailCache.Entry]) -> Findings {
        var findings = Findings()
        for line in Self.lines(of: directory + "/set-aside") {
            guard let name = Name(line) else { continue }
            findings.setAside[name] = line.split(separator: " ").dropFirst(2).joined(separator: " ")
        }
        let byName = Dictionary(entries.map { (Name($0), $0) }, uniquingKeysWith: { first, _ in first })
        var changed = false
        for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let alone = file.hasPrefix("reading-alone-")
            guard alone || file.hasPrefix("reading-"),
                let pid = Int32(file.dropFirst(alone ? "reading-alone-".count : "reading-".count)),
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            for line in Self.lines(of: directory + "/" + file) {
                guard let name = Name(line) else { continue }
                if alone, let entry = byName[name] {
                    findings.setAside[name] = Self.signature(of: entry.path)
                    changed = true
                    let message = MailboxMessage(mailbox: mailbox.description, number: .uid(name.uid, validity: name.uidValidity))
                    findings.reports.append(
                        Diagnostic(
                            .error, .unreadable, at: Origin(.message(message)),
                            "this message stopped an earlier run while it was read: it is set aside and skipped until its copy changes (its line in \(directory)/set-aside; delete the line to read it again)"
                        ))
                } else {
                    findings.suspects.insert(name)
                }
            }
            unlink(directory + "/" + file)
        }
        // A copy downloaded again is read again.
        for (name, signature) in findings.setAside where byName[name].map({ Self.signature(of: $0.path) != signature }) ?? true {
            findings.setAside[name] = nil
            changed = true
        }
        if changed {
            write(findings.setAside.sorted { ($0.key.uidValidity, $0.key.uid) < ($1.key.uidValidity, $1.key.uid) }.map { "\($0.key.text) \($0.value)" }, to: "set-aside")
        }
        return findings
    }

    /// Runs `body` with `names` written down as being read (alone, or in a batch).
    func reading<Result>(_ names: [Name], alone: Bool, _ body: () -> Result) -> Result {
        let file = (alone ? "reading-alone-" : "reading-") + "\(getpid())"
        write(names.map(\.text), to: file)
        defer { unlink(directory + "/" + file) }
        return body()
    }

    /// The size and modification time of a cached copy.
    static func signature(of path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "gone" }
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    private static func lines(of path: String) -> [Substring] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
    }

    /// Writes the lines to a file of the folder's directory (a private folder: see `MailCache`).
    private func write(_ lines: [String], to name: String) {
        let descriptor = open(directory + "/" + name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        _ = bytes.withUnsafeBytes { Basics.write(descriptor, $0.baseAddress, $0.count) }
    }
}
