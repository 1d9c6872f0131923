#!/usr/bin/env python3
"""Changes a test IMAP server's folders the way a mail client would, with Python's imaplib
(an IMAP client independent of the one under test).

    imap_tool.py PORT CAFILE USER PASSWORD append FOLDER FILE...
    imap_tool.py PORT CAFILE USER PASSWORD delete FOLDER SUBJECT-WORD   (flag and expunge)
    imap_tool.py PORT CAFILE USER PASSWORD recreate FOLDER              (new UIDVALIDITY, same messages)
    imap_tool.py PORT CAFILE USER PASSWORD status FOLDER
    imap_tool.py PORT CAFILE USER PASSWORD capability INBOX             (what the server offers after login)
"""
import imaplib
import ssl
import subprocess
import sys


def utf7(name):
    """The folder's name as IMAP writes it (modified UTF-7, RFC 3501 5.1.3), by glibc's iconv."""
    return subprocess.run(["iconv", "-f", "UTF-8", "-t", "UTF-7-IMAP"], input=name.encode(), capture_output=True, check=True).stdout.decode()


def main(port, cafile, user, password, command, folder, *rest):
    context = ssl.create_default_context(cafile=cafile)
    imap = imaplib.IMAP4_SSL("localhost", int(port), ssl_context=context)
    imap.login(user, password)
    quoted = '"' + utf7(folder) + '"'
    if command == "append":
        imap.create(quoted)
        for path in rest:
            with open(path, "rb") as handle:
                status, answer = imap.append(quoted, None, None, handle.read())
                assert status == "OK", answer
    elif command == "delete":
        imap.select(quoted)
        status, found = imap.search(None, "SUBJECT", '"' + rest[0] + '"')
        numbers = found[0].split()
        assert numbers, f"no message with {rest[0]} in its subject"
        for number in numbers:
            imap.store(number, "+FLAGS", "\\Deleted")
        imap.expunge()
        imap.close()
    elif command == "recreate":
        imap.select(quoted)
        status, found = imap.fetch("1:*", "(RFC822)")
        messages = [part[1] for part in found if isinstance(part, tuple)]
        imap.close()
        imap.delete(quoted)
        imap.create(quoted)
        for message in messages:
            imap.append(quoted, None, None, message)
    elif command == "capability":
        print(" ".join(imap.capabilities))
    elif command == "status":
        print(imap.status(quoted, "(MESSAGES UIDVALIDITY UIDNEXT)")[1][0].decode())
    imap.logout()


if __name__ == "__main__":
    main(*sys.argv[1:])
