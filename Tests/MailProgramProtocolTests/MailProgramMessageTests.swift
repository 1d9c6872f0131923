import Foundation
import Testing

@testable import MailProgramProtocol

@Suite("What the mail program tells reservation-feed")
struct MailProgramMessageTests {
    static let messages: [MailProgramMessage] = [
        .progress(folder: "imaps://ada@mail.example/Travel", done: 120, total: 4000),
        .synced(folder: "imaps://ada@mail.example/Travel", downloaded: 3, renumbered: 0, tooLarge: 1),
        .changed(folder: "imap://ada@mail.example/Reisen%20Z%C3%BCrich"),
        .retrying(folder: "imaps://ada@mail.example/INBOX", reason: "cannot connect to mail.example:993: connection refused", seconds: 30),
        .failed(folder: "imaps://ada@mail.example/INBOX", reason: "the login was refused; check the password\nand the user"),
    ]

    @Test("each message is one line of JSON and reads back as itself", arguments: messages)
    func roundTrip(message: MailProgramMessage) throws {
        let line = message.line
        #expect(line.hasSuffix("\n"))
        #expect(line.dropLast().contains("\n") == false, "a reason with a new line stays on one line")
        #expect(try MailProgramMessage(line: line.dropLast()) == message)
    }

    @Test("the lines are the ones this version writes")
    func wireFormat() {
        #expect(
            MailProgramMessage.changed(folder: "imaps://ada@mail.example/Travel").line
                == #"{"changed":{"folder":"imaps://ada@mail.example/Travel"}}"# + "\n")
        #expect(
            MailProgramMessage.synced(folder: "f", downloaded: 3, renumbered: 0, tooLarge: 1).line
                == #"{"synced":{"downloaded":3,"folder":"f","renumbered":0,"tooLarge":1}}"# + "\n")
    }

    @Test("a person reads what the tool used to print", arguments: [
        (MailProgramMessage.progress(folder: "imaps://a@b/T", done: 2, total: 9), "imaps://a@b/T: 2 of 9 messages"),
        (.retrying(folder: "imaps://a@b/T", reason: "the server went away", seconds: 4), "warning: the server went away; trying again in 4 s"),
        (.failed(folder: "imaps://a@b/T", reason: "no password for a at b"), "error: no password for a at b"),
    ])
    func wording(message: MailProgramMessage, text: String) {
        #expect(message.description == text)
    }

    @Test("messages are read as they come from a pipe, split anywhere; other lines are passed over")
    func reading() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let text = Self.messages.map(\.line).joined() + "not a message\n" + Self.messages[0].line
        let writing = descriptors[1]
        let writer = Thread {
            // In small pieces, so that lines arrive split.
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: 7) {
                let piece = Array(bytes[start..<min(start + 7, bytes.count)])
                _ = piece.withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
            }
            close(writing)
        }
        writer.start()
        var read: [MailProgramMessage] = []
        MailProgramMessage.read(from: descriptors[0]) { read.append($0) }
        close(descriptors[0])
        #expect(read == Self.messages + [Self.messages[0]])
    }
}
