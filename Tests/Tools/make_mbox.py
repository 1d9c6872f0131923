#!/usr/bin/env python3
"""Writes an mbox file the way mail programs do, with Python's own `mailbox` module (mboxo
quoting: body lines starting "From " are written as ">From ").

    make_mbox.py OUT.mbox [MESSAGE.eml ...] [--filler COUNT SIZE] [--plain SUBJECT BODY]

Messages are the given files, in order; --filler adds COUNT messages of about SIZE bytes each,
with a base64 attachment and no booking in them, between the first file and the others (to make
exports of hundreds of megabytes); --plain adds a text message with that subject and body.
"""
import base64
import email.message
import mailbox
import os
import sys


def filler(index, size):
    message = email.message.EmailMessage()
    message["From"] = "newsletter@example.com"
    message["To"] = "me@example.com"
    message["Subject"] = f"Newsletter {index}"
    message["Message-ID"] = f"<filler-{index}@example.com>"
    message.set_content("From the editors: nothing booked here.\n")
    message.add_attachment(os.urandom(size * 3 // 4), maintype="application", subtype="octet-stream", filename="data.bin")
    return message


def main(arguments):
    output, rest = arguments[0], arguments[1:]
    files, fillers, plains = [], None, []
    index = 0
    while index < len(rest):
        if rest[index] == "--filler":
            fillers = (int(rest[index + 1]), int(rest[index + 2]))
            index += 3
        elif rest[index] == "--plain":
            plains.append((rest[index + 1], rest[index + 2]))
            index += 3
        else:
            files.append(rest[index])
            index += 1
    if os.path.exists(output):
        os.remove(output)
    box = mailbox.mbox(output)
    box.lock()
    for position, path in enumerate(files):
        with open(path, "rb") as handle:
            box.add(mailbox.mboxMessage(handle.read()))
        if position == 0 and fillers:
            for number in range(fillers[0]):
                box.add(mailbox.mboxMessage(filler(number + 1, fillers[1])))
    for subject, body in plains:
        message = email.message.EmailMessage()
        message["From"] = "friend@example.com"
        message["Subject"] = subject
        message["Message-ID"] = f"<{abs(hash(subject))}@example.com>"
        message.set_content(body)
        box.add(mailbox.mboxMessage(message))
    box.flush()
    box.unlock()
    box.close()


if __name__ == "__main__":
    main(sys.argv[1:])
