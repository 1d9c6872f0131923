#!/usr/bin/env python3
"""A small IMAP server on loopback (plain TCP, as imap:// to this machine) that answers as a
stuck, buggy or hostile one would, for the tests of what the mail program does with it.

    hostile_imap.py MODE [LOG]

Prints the port it listens on, then serves one connection after another, appending each command
line it receives to LOG when given:

- `silence`: the greeting, then nothing, for as long as the client waits (what it is sent is
  still read, and logged);
- `stall`: logs in, then answers nothing more;
- `refuse`: a proper greeting and capabilities, then LOGIN refused with AUTHENTICATIONFAILED;
- `cut-literal`: logs in and opens INBOX (one message), then answers the listing with a literal
  announcing 1,000 bytes and closes the connection after 10 of them;
- `huge-literal`: as `cut-literal`, but the literal announces 99,999,999,999 bytes;
- `long-line`: answers the listing with a line of 8 MB that never ends, and waits.
"""
import socket
import sys
import threading
import time

MODE = sys.argv[1]
LOG = sys.argv[2] if len(sys.argv) > 2 else None
log_lock = threading.Lock()


def record(line):
    if LOG:
        with log_lock, open(LOG, "ab") as handle:
            handle.write(line)


def serve(connection):
    reader = connection.makefile("rb")

    def send(text):
        connection.sendall(text.encode())

    send("* OK [CAPABILITY IMAP4rev1] hostile ready\r\n")
    stuck = MODE == "silence"
    while True:
        line = reader.readline()
        if not line:
            return
        record(line)
        if stuck:
            continue
        parts = line.decode(errors="replace").strip().split(" ", 2)
        if len(parts) < 2:
            continue
        tag, command = parts[0], parts[1].upper()
        if command == "CAPABILITY":
            send("* CAPABILITY IMAP4rev1\r\n%s OK done\r\n" % tag)
        elif command == "LOGIN":
            if MODE == "refuse":
                send("%s NO [AUTHENTICATIONFAILED] Authentication failed.\r\n" % tag)
            else:
                send("%s OK logged in\r\n" % tag)
                stuck = MODE == "stall"
        elif command in ("EXAMINE", "SELECT"):
            send("* 1 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n* OK [UIDNEXT 2] ok\r\n%s OK [READ-ONLY] done\r\n" % tag)
        elif command == "UID" and MODE == "long-line":
            send("* 1 FETCH (UID 1 X-" + "x" * (8 << 20))
            time.sleep(3600)
            return
        elif command == "UID":
            size = "1000" if MODE == "cut-literal" else "99999999999"
            send("* 1 FETCH (UID 1 RFC822.SIZE 100 BODY[HEADER.FIELDS (MESSAGE-ID DATE SUBJECT)] {%s}\r\n0123456789" % size)
            connection.shutdown(socket.SHUT_RDWR)
            connection.close()
            return
        elif command == "LOGOUT":
            send("* BYE\r\n%s OK bye\r\n" % tag)
            return
        else:
            send("%s BAD unknown\r\n" % tag)


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(8)
print(listener.getsockname()[1], flush=True)
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
