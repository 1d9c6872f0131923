import Basics
import Foundation
import MailProgramProtocol
@testable import Programs
import TestSupport
import Testing

/// The mail program's watch, run as a child (`ChildProcess`): what it tells is followed, and it
/// ends when the watcher stops (its standard input closed), not when this program ends.
@Suite("Watching mailboxes through the mail program")
struct MailboxWatcherTests {
    @Test("changes and notices are passed on as they come; stopping ends the program")
    func followsAndStops() async throws {
        let folder = try TemporaryFolder("mailbox-watcher")
        let ended = folder.path("ended")
        let changed = MailProgramMessage.changed(folder: "imaps://ada@mail.example/Travel").line
        let retrying = MailProgramMessage.retrying(folder: "imaps://ada@mail.example/Travel", reason: "the server went away", seconds: 4).line
        // A stand-in for reservation-feed-mail watch: it tells two things, then waits for its
        // standard input to close, and says it ended.
        let program = try folder.writeProgram(
            "watch",
            """
            #!/bin/sh
            printf '%s' '\(changed)'
            printf '%s' '\(retrying)'
            cat >/dev/null
            touch '\(ended)'

            """)
        let changes = Locked<[String]>([])
        let notices = Locked<[String]>([])
        let watcher = MailboxWatcher(command: (program, []), onNotice: { line in notices.withLock { $0.append(line) } }) { folder in
            changes.withLock { $0.append(folder) }
        }
        try watcher.start()
        for _ in 0..<200 where changes.withLock({ $0.isEmpty }) || notices.withLock({ $0.isEmpty }) {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(changes.withLock { $0 } == ["imaps://ada@mail.example/Travel"])
        #expect(notices.withLock { $0 } == ["warning: the server went away; trying again in 4 s"])
        #expect(!FileManager.default.fileExists(atPath: ended))
        watcher.stop()
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: ended) {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(FileManager.default.fileExists(atPath: ended), "the program saw its standard input close, and ended")
    }

    @Test("a program that is not there is refused at once")
    func missingProgram() {
        let watcher = MailboxWatcher(command: ("/nonexistent/reservation-feed-mail", []), onNotice: { _ in }) { _ in }
        #expect(throws: MailboxWatcher.StartError.self) { try watcher.start() }
    }
}
